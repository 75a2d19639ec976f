/// A TLS handshake with a test server by the `openssl s_client` command, verifying strictly.
public struct OpenSSLHandshake: Sendable {
  /// Whether the handshake completed and the certificate verified.
  public var succeeded: Bool
  /// What `openssl` printed (the verify error is in here when it failed).
  public var output: String

  /// Connects to 127.0.0.1:`port`, trusting `authority` (or nothing but the system store when
  /// nil) and checking the certificate is for `serverName`; bounded by `timeout` seconds.
  public static func attempt(
    port: UInt16, authority: String?, serverName: String = "localhost", timeout: Double = 10
  ) throws -> OpenSSLHandshake {
    let scratch = try TemporaryDirectory(prefix: "chat-handshake")
    defer { scratch.remove() }
    var arguments = [
      "s_client", "-brief", "-connect", "127.0.0.1:\(port)", "-verify_return_error",
      "-verify_hostname", serverName, "-servername", serverName,
    ]
    if let authority { arguments += ["-CAfile", authority] }
    let result = try Command.run(
      .openssl, arguments, in: scratch, timeout: timeout, allowFailure: true)
    return OpenSSLHandshake(
      succeeded: result.status == 0 && result.output.contains("Verification: OK"),
      output: result.output)
  }
}
