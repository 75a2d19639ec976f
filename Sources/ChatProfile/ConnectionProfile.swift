import ChatIRC

/// Where and how a network run connects: the one value the command line resolves from the
/// flags, the networks file and the environment (an STS policy remembered for the host
/// included), that a recording's header keeps, and that the one function wiring a network
/// run, live or replayed, takes. The protocol's and the transport's own narrow inputs
/// (`IRCClient.Configuration`, the session's, TLS) are derived from it in that one place.
///
/// It never shows a secret: the SASL password is an `IRCSecret` (always `<redacted>`), and
/// the recording's header names TLS options but never their files.
public struct ConnectionProfile: Hashable, Sendable {
  /// A TLS file given for the connection (a CA to trust, or a certificate to present).
  public struct TLSFile: Hashable, Sendable {
    /// How the user gave it, as a notice names it: the flag (`--tls-ca`) or the networks
    /// file's key (`tls-ca`).
    public var option: String
    /// The file; nil in a profile read from a recording, which never holds a path to key
    /// material.
    public var path: String?

    /// A file given by `option`.
    public init(option: String, path: String?) {
      (self.option, self.path) = (option, path)
    }
  }

  /// A SASL login.
  public struct SASL: Hashable, Sendable {
    /// `PLAIN` as a user, or `EXTERNAL` (the client certificate).
    public enum Mechanism: Hashable, Sendable {
      /// `PLAIN` as `user`.
      case plain(user: String)
      /// `EXTERNAL`: the client certificate.
      case external
      /// `ECDSA-NIST256P-CHALLENGE` as `user`, signing with the key (`--sasl-key`).
      case ecdsaNIST256PChallenge(user: String)
    }

    /// How to log in.
    public var mechanism: Mechanism
    /// The `PLAIN` password; nil for `EXTERNAL`, and in a profile read from a recording.
    public var password: IRCSecret?
    /// The `ECDSA-NIST256P-CHALLENGE` private key, PEM; nil in a profile read from a
    /// recording, which never holds key material.
    public var key: IRCSecret?

    /// A login by `mechanism`.
    public init(_ mechanism: Mechanism, password: IRCSecret? = nil, key: IRCSecret? = nil) {
      (self.mechanism, self.password, self.key) = (mechanism, password, key)
    }
  }

  /// The server dialled first: host, port and TLS (after a remembered STS upgrade). Its
  /// `channels` are the URL's alone; `channels` below are the ones joined.
  public var server: ServerAddress
  /// The plaintext address the user named when a remembered STS policy made the run dial
  /// `server` over TLS instead; nil otherwise.
  public var stsUpgradedFrom: ServerAddress?
  /// The networks file's section name, with `--network`.
  public var networkName: String?
  /// The nick to register with.
  public var nick: String
  /// The channels to join after registration, in order, without duplicates.
  public var channels: [String]
  /// `--tls-ca` (or the networks file's `tls-ca`): trust this CA instead of the system's.
  public var tlsCA: TLSFile?
  /// `--tls-cert` (or `tls-cert`): a PEM certificate and key to present.
  public var tlsCertificate: TLSFile?
  /// `--tls-insecure`: skip verification, and say so in every renderer.
  public var tlsInsecure = false
  /// `--tls-fingerprint` (or `tls-fingerprint`): accept exactly this server certificate,
  /// whatever its issuer, and no other.
  public var tlsFingerprint: TLSFingerprint?
  /// The SASL login; nil for none.
  public var sasl: SASL?
  /// `--sasl-optional`: when SASL fails or the server lacks it, register anyway.
  public var saslOptional = false
  /// `--pacing`: how fast lines go to the server.
  public var pacing = IRCTokenBucket.Settings.default
  /// `--history` (or the networks file's `history`): how many of a conversation's latest
  /// messages to fetch from a server that keeps history, on joining a channel or opening a
  /// private chat (at most the server's limit); 0 fetches nothing, not even what a reconnect
  /// missed.
  public var history = ConnectionProfile.defaultHistory
  /// `--keep-listening`: stay connected after input ends, until a signal.
  public var keepListening = false
  /// `--bot` (or the networks file's `bot = yes`): mark us as a bot where the server has a bot
  /// mode (ISUPPORT `BOT`).
  public var isBot = false
  /// Whether line mode tells the active conversation that you are typing (IRC `+typing`);
  /// false with `--no-typing` (or the networks file's `typing = no`).
  public var sendsTyping = true
  /// The networks file's `monitor`: the nicks watched (IRCv3 `MONITOR`) from the start.
  public var monitor: [String] = []
  /// Whether the run is in line mode, where a first connection that fails is retried and a
  /// refusal is told at once (piped runs give up: exit 69).
  public var isLineMode = false
  /// Whether a mention rings the terminal bell (false with `--no-bell`).
  public var bell = true
  /// The seed of generated ids and of the reconnect jitter.
  public var seed: UInt64 = 1

  /// A profile for `server` and `nick`, joining the URL's channels, everything else at its
  /// default.
  public init(server: ServerAddress, nick: String, channels: [String]? = nil) {
    (self.server, self.nick) = (server, nick)
    self.channels = channels ?? server.channels
  }

  /// The TLS options given that wait for an STS upgrade, as a plaintext server cannot use
  /// them (their `option` names, CA first; empty over TLS).
  public var tlsOptionsAwaitingUpgrade: [String] {
    guard !server.usesTLS else { return [] }
    return [tlsCA, tlsCertificate].compactMap { $0?.option }
  }

  /// Whether the server's certificate goes unverified: every renderer says so.
  public var isTLSUnverified: Bool { server.usesTLS && tlsInsecure }

  /// What `history` is when not given.
  public static let defaultHistory = 50
  /// The most `history` may be: far more than any server returns at once.
  public static let maximumHistory = 100_000

  /// The options `tlsOptionsAwaitingUpgrade` may name.
  public static let tlsOptions = ["--tls-ca", "--tls-cert", "tls-ca", "tls-cert"]
}
