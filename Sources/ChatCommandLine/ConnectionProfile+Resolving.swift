import ChatCore
import ChatIRC
import ChatProfile
import Glibc

extension ConnectionProfile {
  /// The profile `arguments` ask for, or nil when they name no server: command-line flags win
  /// over the networks file (with `--network`), and the password comes from
  /// `--sasl-password-file`, else `CHAT_SASL_PASSWORD`, else the file's `sasl-password-file`.
  /// Checks the TLS files. `isLineMode` and `seed` are the run's.
  init?(
    resolving arguments: NetworkArguments, environment: [String: String],
    isLineMode: Bool = false, seed: UInt64 = 1
  ) throws(NetworkConfigurationError) {
    guard arguments.connects else { return nil }
    var entry: NetworksFile.Network?
    var filePath = ""
    if let name = arguments.network {
      guard let path = NetworksFile.defaultPath(environment: environment) else {
        throw .noConfigDirectory
      }
      let file: NetworksFile
      do {
        file = try NetworksFile.load(path: path, home: environment["HOME"])
      } catch {
        throw .networksFile(error)
      }
      (entry, filePath) = (try file.network(named: name), path)
    }
    // `connects` means one of the two is there.
    let server = arguments.server ?? entry!.server
    var nick = IRCName.nick(fromUserName: environment["USER"] ?? environment["LOGNAME"])
    if let given = arguments.nick {
      do {
        nick = try IRCName.nick(given)
      } catch {
        throw .usage(.invalid(option: "--name", reason: error.description))
      }
    } else if let fileNick = entry?.nick {
      nick = fileNick
    }
    var channels = server.channels
    for channel in arguments.join ?? entry?.channels ?? [] where !channels.contains(channel) {
      channels.append(channel)
    }
    self.init(server: server, nick: nick, channels: channels)
    networkName = entry?.name
    try resolveTLS(arguments, entry, file: filePath)
    saslOptional = arguments.saslOptional || entry?.saslOptional == true
    sasl = try Self.sasl(arguments, entry, environment: environment, tls: tlsCertificate)
    bell = !arguments.noBell
    keepListening = arguments.keepListening
    isBot = arguments.isBot || entry?.isBot == true
    sendsTyping = !arguments.noTyping && entry?.typing != false
    monitor = entry?.monitor ?? []
    if let pacing = arguments.pacing { self.pacing = pacing }
    if let history = arguments.history ?? entry?.history { self.history = history }
    self.isLineMode = isLineMode
    self.seed = seed
  }

  /// Dials `server` over TLS, on the remembered port, when a policy in `store` covers it at
  /// `now` (and keeps the address the user named in `stsUpgradedFrom`).
  mutating func applyRemembered(_ store: STSPolicyStore, at now: Timestamp) {
    guard let upgraded = store.upgrade(server, at: now) else { return }
    stsUpgradedFrom = server
    stsUpgradedFrom?.channels = []
    server = upgraded
  }

  private mutating func resolveTLS(
    _ arguments: NetworkArguments, _ entry: NetworksFile.Network?, file: String
  ) throws(NetworkConfigurationError) {
    // A notice about them names them as the user gave them: a flag, or a networks file key.
    tlsCA =
      arguments.tlsCA.map { TLSFile(option: "--tls-ca", path: $0) }
      ?? entry?.tlsCA.map { TLSFile(option: "tls-ca", path: $0) }
    tlsCertificate =
      arguments.tlsCertificate.map { TLSFile(option: "--tls-cert", path: $0) }
      ?? entry?.tlsCertificate.map { TLSFile(option: "tls-cert", path: $0) }
    tlsInsecure = arguments.tlsInsecure || entry?.tlsInsecure == true
    try resolvePin(arguments, entry, file: file)
    // With `irc://` the CA and the certificate wait for an STS upgrade (`tlsOptionsAwaitingUpgrade`),
    // but skipping verification would undo what STS is for: an upgrade is always verified.
    if !server.usesTLS {
      let advice =
        "\(server) is plaintext, and a TLS upgrade by its STS policy is always verified:"
        + " trust its CA with --tls-ca FILE, or use an ircs:// URL"
      if arguments.tlsInsecure {
        throw .usage(
          .incompatible(option: "--tls-insecure", with: "an irc:// server", advice: advice))
      }
      if let entry, entry.tlsInsecure, let line = entry.lines[.tlsInsecure] {
        throw .networksFile(
          .malformed(
            path: file, line: line,
            problem: .invalidValue(
              key: NetworksFile.Key.tlsInsecure.rawValue,
              reason: "needs an ircs:// server (an STS upgrade is always verified)")))
      }
    }
    for (option, path) in [("--tls-ca", tlsCA?.path), ("--tls-cert", tlsCertificate?.path)] {
      guard let path else { continue }
      do {
        _ = try OpenedFile(path: path)
      } catch .system(let code) {
        throw .unreadableFile(option: option, path: path, reason: OpenedFile.reason(code))
      } catch {
        throw .unreadableFile(option: option, path: path, reason: "not a regular file")
      }
    }
  }

  /// `--tls-fingerprint` (or the file's `tls-fingerprint`): the pin replaces the CA check,
  /// so it cannot go with `--tls-ca` or `--tls-insecure` given alike; a flag given wins over
  /// the file's choice of how to check (the file's pin is dropped for `--tls-ca`, the file's
  /// CA for `--tls-fingerprint`). A pin names a TLS server's certificate: `ircs://` only.
  private mutating func resolvePin(
    _ arguments: NetworkArguments, _ entry: NetworksFile.Network?, file: String
  ) throws(NetworkConfigurationError) {
    if let pin = arguments.tlsFingerprint {
      for (option, given) in [
        ("--tls-ca", arguments.tlsCA != nil), ("--tls-insecure", arguments.tlsInsecure),
      ]
      where given {
        throw .usage(
          .incompatible(
            option: "--tls-fingerprint", with: option,
            advice: "a pinned certificate is accepted whatever its issuer; give one of them"))
      }
      tlsFingerprint = pin
      if arguments.tlsCA == nil { tlsCA = nil }
      tlsInsecure = false
    } else if arguments.tlsCA == nil, !arguments.tlsInsecure {
      tlsFingerprint = entry?.tlsFingerprint
    }
    guard tlsFingerprint != nil, !server.usesTLS else { return }
    let advice =
      "\(server) is plaintext: a pin names a TLS server's certificate; use an ircs:// URL"
    if arguments.tlsFingerprint != nil {
      throw .usage(
        .incompatible(option: "--tls-fingerprint", with: "an irc:// server", advice: advice))
    }
    if let entry, let line = entry.lines[.tlsFingerprint] {
      throw .networksFile(
        .malformed(
          path: file, line: line,
          problem: .invalidValue(
            key: NetworksFile.Key.tlsFingerprint.rawValue, reason: "needs an ircs:// server")))
    }
  }

  private static func sasl(
    _ arguments: NetworkArguments, _ entry: NetworksFile.Network?,
    environment: [String: String], tls certificate: TLSFile?
  ) throws(NetworkConfigurationError) -> SASL? {
    guard let user = arguments.saslUser ?? entry?.saslUser else {
      for (option, given) in [
        ("--sasl-password-file", arguments.saslPasswordFile != nil),
        ("--sasl-key", arguments.saslKey != nil),
        ("--sasl-optional", arguments.saslOptional),
      ] where given {
        throw .usage(.needs(option: option, other: "--sasl-user NAME"))
      }
      return nil
    }
    // A key logs in with ECDSA-NIST256P-CHALLENGE, whatever password the environment holds.
    if let (option, path) = arguments.saslKey.map({ ("--sasl-key", $0) })
      ?? entry?.saslKey.map({ ("sasl-key", $0) })
    {
      if arguments.saslPasswordFile != nil { throw .saslKey(.withPassword(option: option)) }
      do {
        let key = try SASLKey.load(option: option, path: path)
        return SASL(.ecdsaNIST256PChallenge(user: user), key: key)
      } catch {
        throw .saslKey(error)
      }
    }
    var credentials: SASLCredentials?
    do {
      if let path = arguments.saslPasswordFile {
        credentials = try .fromFile(user: user, path: path)
      } else if let value = environment[SASLCredentials.environmentVariable] {
        credentials = try .fromEnvironment(user: user, value: value)
      } else if let path = entry?.saslPasswordFile {
        credentials = try .fromFile(user: user, path: path)
      }
    } catch {
      throw .credentials(error)
    }
    if let credentials {
      // The password goes on as a secret that never shows itself, never as text.
      let password: IRCSecret? = credentials.withPasswordBytes { bytes in
        bytes.map { IRCSecret(bytes: Array($0)) }
      }
      return SASL(.plain(user: credentials.user), password: password)
    }
    guard certificate?.path != nil else {
      throw .usage(
        .needs(
          option: "--sasl-user",
          other: "a password: set \(SASLCredentials.environmentVariable) or give"
            + " --sasl-password-file FILE (or a --tls-cert for SASL EXTERNAL)"))
    }
    return SASL(.external)
  }
}
