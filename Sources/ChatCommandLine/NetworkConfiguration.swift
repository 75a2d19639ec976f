import ChatIRC

/// Everything an IRC session needs to connect, merged from the command line, the networks
/// file and the environment: command-line flags win over the file, and the password comes from
/// `--sasl-password-file`, else `CHAT_SASL_PASSWORD`, else the file's `sasl-password-file`.
///
/// `description`, `dump` and interpolation never show the password (see ``SASLCredentials``).
struct NetworkConfiguration: Equatable, Sendable {
  /// TLS settings: for an `ircs://` server, and for an STS upgrade of an `irc://` one.
  struct TLS: Equatable, Sendable {
    /// `--tls-ca FILE`: trust this CA instead of the system's trust store.
    var caFile: String?
    /// `--tls-cert FILE`: a PEM certificate and key to present.
    var certificateFile: String?
    /// `--tls-insecure`: skip verification, and say so in every renderer.
    var insecure = false
    /// Where the CA file was given: the flag, or the networks file's key (`tls-ca`).
    var caSource = "--tls-ca"
    /// Where the certificate file was given: the flag, or the networks file's key.
    var certificateSource = "--tls-cert"

    /// No CA file, no client certificate, verification on.
    init(caFile: String? = nil, certificateFile: String? = nil, insecure: Bool = false) {
      (self.caFile, self.certificateFile, self.insecure) = (caFile, certificateFile, insecure)
    }
  }

  /// The networks file's section name, with `--network`.
  var networkName: String?
  /// The server: host, port and TLS. Its `channels` are those of the URL alone.
  var server: ServerAddress
  /// The nick to register with: `--name`, else the file's `nick`, else from `$USER`.
  var nick: String
  /// The channels to join after registration, in order, without duplicates: the URL's, then
  /// `--join`'s (or the file's `channels` when there is no `--join`).
  var channels: [String]
  /// TLS settings.
  var tls = TLS()
  /// SASL credentials; nil for no SASL.
  var sasl: SASLCredentials?
  /// `--sasl-optional`: when SASL fails or the server lacks it, register anyway.
  var saslOptional = false
  /// Whether a mention rings the terminal bell (false with `--no-bell`).
  var bell = true
  /// `--keep-listening`: stay connected after input ends, until a signal.
  var keepListening = false
  /// `--pacing`: how fast lines go to the server (default: a burst of 5, then one a second).
  var pacing = IRCTokenBucket.Settings.default

  /// The TLS options given that wait for an STS upgrade, as `irc://` makes the connection
  /// plaintext (`--tls-ca`, `--tls-cert`, or the networks file's keys when they came from
  /// there; empty for `ircs://`).
  var tlsOptionsAwaitingUpgrade: [String] {
    guard !server.usesTLS else { return [] }
    return [(tls.caSource, tls.caFile), (tls.certificateSource, tls.certificateFile)]
      .compactMap { $0.1 == nil ? nil : $0.0 }
  }

  /// A configuration with the given server and nick and everything else at its default.
  init(server: ServerAddress, nick: String, channels: [String]? = nil) {
    (self.server, self.nick) = (server, nick)
    self.channels = channels ?? server.channels
  }
}
