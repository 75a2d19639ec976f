import ChatIRC
import ChatProfile

/// The command line's network options as given. ``ConnectionProfile`` resolves them with the
/// networks file and the environment into what a session connects with.
struct NetworkArguments: Equatable, Sendable {
  /// `--server URL`.
  var server: ServerAddress?
  /// `--join CHANNELS`: comma-separated, each checked (`#` added to a bare name).
  var join: [String]?
  /// `--name NAME`, kept apart so that a connection can tell it from the default.
  var nick: String?
  /// `--network NAME`: a section of the networks file.
  var network: String?
  /// `--tls-ca FILE`.
  var tlsCA: String?
  /// `--tls-cert FILE`.
  var tlsCertificate: String?
  /// `--tls-insecure`.
  var tlsInsecure = false
  /// `--tls-fingerprint SHA256`.
  var tlsFingerprint: TLSFingerprint?
  /// `--sasl-user NAME`.
  var saslUser: String?
  /// `--sasl-password-file FILE`.
  var saslPasswordFile: String?
  /// `--sasl-key FILE`.
  var saslKey: String?
  /// `--sasl-optional`.
  var saslOptional = false
  /// `--no-bell`.
  var noBell = false
  /// `--keep-listening`.
  var keepListening = false
  /// `--bot`.
  var isBot = false
  /// `--no-typing`.
  var noTyping = false
  /// `--pacing BURST/MILLISECONDS`.
  var pacing: IRCTokenBucket.Settings?
  /// `--history N`.
  var history: Int?

  /// Creates the defaults: no network.
  init() {}

  /// Whether the command line asks for a real server (`--server` or `--network`).
  var connects: Bool { server != nil || network != nil }
}
