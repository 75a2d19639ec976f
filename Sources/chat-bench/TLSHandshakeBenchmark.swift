import ChatTransport
import Glibc
import IRCTestSupport

/// `chat-bench tls-handshake [COUNT]`: the time from dialling to a verified TLS session with
/// a local InspIRCd (`ssl_gnutls`, a throwaway CA and server certificate), through chat's own
/// `TLSConnection` driven by `poll` as the event loop drives it. Prints the median and p90.
struct TLSHandshakeBenchmark {
  /// Handshakes measured (20 unless given), after one unmeasured warm-up.
  let count: Int

  init(arguments: [String]) throws(TLSHandshakeBenchmarkError) {
    guard let first = arguments.first else {
      count = 20
      return
    }
    guard arguments.count == 1, let number = Int(first), (1...10_000).contains(number) else {
      throw .usage
    }
    count = number
  }

  /// The mode's entry point: parses `arguments`, runs, and returns the exit status.
  static func main(_ arguments: [String]) -> Int32 {
    do {
      return try TLSHandshakeBenchmark(arguments: arguments).run()
    } catch {
      let text = Array("\(error)\n".utf8)
      _ = text.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
      return 64
    }
  }

  /// Runs the handshakes and prints the figures; the exit status.
  func run() -> Int32 {
    do {
      let certificates = try TestCertificates()
      defer { certificates.remove() }
      var configuration = InspIRCdConfiguration()
      configuration.tlsIdentities = [certificates.server]
      let server = try InspIRCdServer.start(configuration)
      defer { server.stop() }
      guard let port = server.tlsPort else { throw TLSHandshakeBenchmarkError.noTLSPort }
      let context = try TLSContext(TLSConfiguration(caFile: certificates.authority))
      let session = try handshake(port: port, context: context).session
      var seconds: [Double] = []
      for _ in 0..<count { seconds.append(try handshake(port: port, context: context).seconds) }
      seconds.sort()
      let median =
        seconds.count % 2 == 1
        ? seconds[seconds.count / 2]
        : (seconds[seconds.count / 2 - 1] + seconds[seconds.count / 2]) / 2
      let p90 = seconds[min(seconds.count - 1, Int((Double(seconds.count) * 0.9).rounded(.up)) - 1)]
      print("TLS handshakes with InspIRCd \(server.name) (ssl_gnutls, EC P-256), n=\(count)")
      print("  session: \(session.map(String.init(describing:)) ?? "?")")
      Report.line("  dial + verified handshake, median", Report.fixed(median * 1000) + " ms")
      Report.line("  dial + verified handshake, p90", Report.fixed(p90 * 1000) + " ms")
      Report.line(
        "  fastest / slowest",
        Report.fixed(seconds[0] * 1000) + " / " + Report.fixed(seconds[seconds.count - 1] * 1000)
          + " ms")
      return 0
    } catch {
      let text = Array("chat-bench tls-handshake: \(error)\n".utf8)
      _ = text.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
      return 69
    }
  }

  /// One connection to 127.0.0.1:`port` until the verified session is up: its seconds, and
  /// what the handshake settled on.
  private func handshake(port: UInt16, context: TLSContext) throws
    -> (seconds: Double, session: TLSSessionInfo?)
  {
    let started = Stopwatch.now()
    let connection = try TLSConnection(
      over: try TCPConnection(host: "127.0.0.1", port: port), context: context)
    defer { connection.close() }
    let deadline = started + 10
    // Bounded in time: a stalled server fails the run rather than hanging it.
    while Stopwatch.now() < deadline {
      switch connection.advance() {
      case .established: return (Stopwatch.now() - started, connection.sessionInfo)
      case .failed(let error): throw error
      case .waiting:
        var entry = pollfd(
          fd: connection.descriptor, events: connection.interest.pollEvents, revents: 0)
        _ = poll(&entry, 1, 1000)
      }
    }
    throw TLSHandshakeBenchmarkError.timedOut
  }
}

/// Why the handshake benchmark could not run.
enum TLSHandshakeBenchmarkError: Error, CustomStringConvertible {
  case usage
  case noTLSPort
  case timedOut

  var description: String {
    switch self {
    case .usage: "usage: chat-bench tls-handshake [COUNT]"
    case .noTLSPort: "the server has no TLS port"
    case .timedOut: "a handshake took more than 10 s"
    }
  }
}
