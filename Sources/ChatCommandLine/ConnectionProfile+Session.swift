import ChatCore
import ChatCrypto
import ChatIRC
import ChatIRCSession
import ChatProfile
import ChatTransport

extension ConnectionProfile {
  /// The IRC session's configuration: the one place the protocol's (`IRCClient.Configuration`)
  /// and the transport's (TLS) narrow inputs are made from the profile, live and replayed.
  ///
  /// A `PLAIN` login without its password (a profile read from a recording) gets a stand-in:
  /// the replay's client answers the recorded challenge, and its lines go nowhere. Such a
  /// replay does not check a `SCRAM-SHA-256` server's nonce or signature, which it cannot:
  /// it follows what the server answered (the live run checked them).
  var sessionConfiguration: IRCSessionConfiguration {
    let login = sasl.map { login in
      let mechanism: IRCSASLMechanism =
        switch login.mechanism {
        case .plain(let user): .plain(user: user, password: login.password ?? IRCSecret("replay"))
        case .external: .external
        case .ecdsaNIST256PChallenge(let user): .ecdsaNIST256PChallenge(user: user)
        }
      let isReplay = login.mechanism != .external && login.password == nil
      return IRCSASL(mechanism, isRequired: !saslOptional, verifiesServer: !isReplay)
    }
    var configuration = IRCSessionConfiguration(
      host: server.host, port: server.port, tls: server.usesTLS ? tlsConfiguration : nil,
      client: IRCClient.Configuration(
        nick: nick, channels: channels, pacing: pacing, sasl: login),
      givesUpIfFirstConnectionFails: !isLineMode, keepsListening: keepListening, seed: seed)
    configuration.client.isBot = isBot
    configuration.client.monitor = monitor
    configuration.saslCrypto = OpenSSLSASLCrypto()
    if case .ecdsaNIST256PChallenge = sasl?.mechanism {
      // The key was checked when the profile was resolved; a replay has none, and its
      // signature goes nowhere.
      configuration.challengeSigner =
        sasl?.key.flatMap { key in
          key.withUTF8 { bytes in
            bytes.withUnsafeBytes { try? OpenSSLChallengeSigner(pem: $0) }
          }
        } ?? StandInSigner()
    }
    return configuration
  }

  /// The TLS settings given: for an `ircs://` server, and for an STS upgrade of an `irc://`
  /// one.
  var tlsConfiguration: TLSConfiguration {
    TLSConfiguration(
      caFile: tlsCA?.path, certificateFile: tlsCertificate?.path, insecure: tlsInsecure,
      pinnedFingerprint: tlsFingerprint?.hex)
  }

  /// What the run tells before its first dial: that a remembered STS policy upgraded the
  /// server, or that the TLS options given wait for an upgrade (never let a CA or certificate
  /// look as if it were in use on a plaintext connection).
  var startNotice: SessionNotice? {
    if stsUpgradedFrom != nil {
      return .stsPolicyApplied(host: server.host, port: Int(server.port))
    }
    let awaiting = tlsOptionsAwaitingUpgrade
    guard !awaiting.isEmpty else { return nil }
    return .tlsOptionsAwaitUpgrade(host: server.host, port: Int(server.port), options: awaiting)
  }

  /// The app state a network run starts in: the server's own conversation, named after the
  /// host as given, with the start channels to make active once joined; the nick as the local
  /// name, IRC text, the insecure-TLS flag, and the network's exit rules (a message not
  /// delivered fails the run; a session that gives up ends it, except in line mode).
  func startingState(scrollback: Int = Scrollback.defaultLimit) -> AppState {
    var state = AppState(
      server: server.host, joining: channels, localName: nick, scrollback: scrollback)
    state.failsWhenUndelivered = true
    // Line mode stays after the session gives up: the user reads why, and leaves.
    state.endsWhenSessionGivesUp = !isLineMode
    state.isTLSUnverified = isTLSUnverified
    state.textMarkup = .ircFormatting  // A network is IRC: what you type is IRC text.
    state.historyLength = history
    // Line mode and the full screen show the active conversation: what arrives there is read.
    state.readsActiveConversation = isLineMode
    // Only line mode reports the line being edited; `--no-typing` tells nobody.
    state.sendsTyping = isLineMode && sendsTyping
    return state
  }
}

/// The signer of a replayed `ECDSA-NIST256P-CHALLENGE` login, which has no key: its
/// signature goes nowhere, as every line a replay writes.
private struct StandInSigner: IRCChallengeSigning {
  func sign(_ challenge: [UInt8]) -> [UInt8]? { [0] }
}
