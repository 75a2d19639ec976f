import Glibc

extension RawIRCClient {
  /// Connects over TLS through an `openssl s_client` child (stopped by its pid on `close()`),
  /// verifying the server against `authority` for `serverName`, presenting `certificate` if
  /// given (for SASL EXTERNAL). A failed verification ends the stream: the first wait throws
  /// `closed`. To check verification outcomes themselves use `OpenSSLHandshake`.
  public static func connectTLS(
    port: UInt16, authority: String, serverName: String = "localhost",
    certificate: TestCertificates.Identity? = nil
  ) throws -> RawIRCClient {
    let openssl = try ServerRequirement.openssl.requireExecutable()
    var toChild: [Int32] = [0, 0]
    var fromChild: [Int32] = [0, 0]
    guard pipe(&toChild) == 0 else { throw TestServerError.systemCall("pipe", errno: errno) }
    guard pipe(&fromChild) == 0 else {
      Glibc.close(toChild[0])
      Glibc.close(toChild[1])
      throw TestServerError.systemCall("pipe", errno: errno)
    }
    // Close-on-exec, so other children started meanwhile do not hold the pipes open.
    for descriptor in toChild + fromChild { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
    let discard = open("/dev/null", O_WRONLY | O_CLOEXEC)
    var arguments = [
      "s_client", "-quiet", "-connect", "127.0.0.1:\(port)", "-CAfile", authority,
      "-verify_return_error", "-verify_hostname", serverName, "-servername", serverName,
    ]
    if let certificate { arguments += ["-cert", certificate.certificate, "-key", certificate.key] }
    let helper: ChildProcess
    do {
      helper = try ChildProcess.spawn(
        openssl, arguments: arguments, directory: "/",
        streams: .descriptors(input: toChild[0], output: fromChild[1], error: discard))
    } catch {
      for descriptor in toChild + fromChild + [discard] { Glibc.close(descriptor) }
      throw error
    }
    Glibc.close(toChild[0])
    Glibc.close(fromChild[1])
    Glibc.close(discard)
    return RawIRCClient(port: port, read: fromChild[0], write: toChild[1], helper: helper)
  }
}
