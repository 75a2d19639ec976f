extension ChatCommand {
  /// `chat --server URL` or `chat --network NAME`: resolves the configuration (networks file,
  /// password, TLS files) and connects. Until the IRC session is wired in, a valid
  /// configuration stops here with exit 69 (EX_UNAVAILABLE).
  static func connect(_ options: Options) -> Int32 {
    let configuration: NetworkConfiguration?
    do {
      configuration = try NetworkConfiguration(
        resolving: options.network, environment: XDGDirectories.current)
    } catch {
      return fail(error.description, hint: hint(for: error), status: status(for: error))
    }
    guard let configuration else { return 0 }
    return fail(
      "cannot connect to \(configuration.server.endpoint): this build of chat has no IRC session"
        + " yet", status: 69)
  }

  /// The exit status for a configuration error (sysexits): 64 usage, 66 a file that cannot be
  /// read, 78 (EX_CONFIG) a malformed networks file or password file permissions.
  static func status(for error: NetworkConfigurationError) -> Int32 {
    error.exitStatus
  }

  private static func hint(for error: NetworkConfigurationError) -> String? {
    error.isUsage ? "see 'chat --help'" : nil
  }
}
