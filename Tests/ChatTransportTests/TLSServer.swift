import ChatTransport
import Testing

/// `openssl s_server` on a free loopback port, started by the test and stopped by its pid.
final class TLSServer {
  let process: ChildProcess
  let port: UInt16

  /// Starts `openssl s_server` with a certificate and key, plus `options` (`-rev`, `-Verify`).
  init(certificate: String, key: String, options: [String]) throws {
    process = try ChildProcess(
      ["s_server", "-accept", "127.0.0.1:0", "-cert", certificate, "-key", key] + options)
    let marker = "ACCEPT 127.0.0.1:"
    guard process.waitForOutput(containing: marker, within: Deadline(seconds: 10)),
      let range = process.text.firstRange(of: marker),
      let port = UInt16(process.text[range.upperBound...].prefix { $0.isNumber })
    else {
      process.stop()
      throw ChildError.failed(command: "openssl s_server", output: process.text)
    }
    self.port = port
  }

  /// Stops the server by its pid.
  func stop() { process.stop() }

  /// Connects to the server as `host` and drives the connect and handshake to their end.
  func connect(
    as host: String = "127.0.0.1", _ configuration: TLSConfiguration
  ) throws -> (TLSConnection, ConnectProgress) {
    let context = try TLSContext(configuration)
    let connection = try TLSConnection(
      over: try TCPConnection(host: host, port: port), context: context)
    return (connection, StreamDriver.establish(connection))
  }
}

/// The TLS suites need the `openssl` command; without it they are skipped, unless CI
/// requires them (`CHAT_REQUIRE_SERVERS=1`), where they then fail.
let needsOpenSSL = ConditionTrait.enabled(
  if: OpenSSLTool.isInstalled || OpenSSLTool.isRequired,
  "needs the openssl command: apt-get install openssl")
