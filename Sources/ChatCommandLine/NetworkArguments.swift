/// The command line's network options as given. ``NetworkConfiguration`` merges them with the
/// networks file and the environment into what a session connects with.
public struct NetworkArguments: Equatable, Sendable {
  /// `--server URL`.
  public var server: ServerAddress?
  /// `--join CHANNELS`: comma-separated, each checked (`#` added to a bare name).
  public var join: [String]?
  /// `--name NAME`, kept apart so that a connection can tell it from the default.
  public var nick: String?
  /// `--network NAME`: a section of the networks file.
  public var network: String?
  /// `--tls-ca FILE`.
  public var tlsCA: String?
  /// `--tls-cert FILE`.
  public var tlsCertificate: String?
  /// `--tls-insecure`.
  public var tlsInsecure = false
  /// `--sasl-user NAME`.
  public var saslUser: String?
  /// `--sasl-password-file FILE`.
  public var saslPasswordFile: String?
  /// `--sasl-optional`.
  public var saslOptional = false
  /// `--no-bell`.
  public var noBell = false
  /// `--keep-listening`.
  public var keepListening = false

  /// Creates the defaults: no network.
  public init() {}

  /// Whether the command line asks for a real server (`--server` or `--network`).
  public var connects: Bool { server != nil || network != nil }
}
