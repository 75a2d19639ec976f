import Foundation
import Glibc
import Synchronization

/// A TCP proxy on a loopback port, in front of a test server, that injects faults: delays,
/// stalls, cuts (FIN or RST) and half-closes, now or when a chosen moment arrives.
///
/// ```swift
/// let proxy = try FaultProxy(forwardingTo: server.port)
/// defer { proxy.stop() }
/// // chat connects to proxy.port ...
/// proxy.inject(.cut, when: .afterBytes(.toServer, 1200))  // mid-line, at an exact byte
/// proxy.inject(.stall(.toClient))                        // now: the server's lines stop
/// proxy.inject(.stall(.toServer), when: .afterSeconds(2), lasting: 0.5)
/// ```
///
/// It forwards on a thread of its own with `poll`; buffers are bounded (reading stops while
/// 1 MiB waits in one direction) and `stop()` ends the thread within a second. A fault applies
/// to every open connection; stalls and delays also to connections accepted later, until
/// `.resume`. A byte or text trigger counts per connection and fires once, on the first
/// connection that reaches it; a time trigger (`.at`, `.afterSeconds`) fires once, on every
/// connection open then. `firedFaults` lists what fired, and with `recordsTranscript` the
/// proxy keeps the bytes it wrote each way on each connection (`transcript`), so a test can
/// tell what reached the server and what did not.
public final class FaultProxy {
  /// Which way bytes flow.
  public enum Direction: Sendable, Hashable {
    /// From the client (chat) to the server.
    case toServer
    /// From the server to the client.
    case toClient
  }

  /// What goes wrong.
  public enum Fault: Sendable, Hashable {
    /// Close both sides (FIN): both see end of stream.
    case cut
    /// Reset both sides (RST): both see ECONNRESET.
    case reset
    /// Shut down the direction: its reader sees end of stream, the other direction still flows.
    case halfClose(Direction)
    /// Stop forwarding in a direction (bytes wait, bounded) until `.resume`.
    case stall(Direction)
    /// Hold every chunk in a direction for this many seconds before forwarding.
    case delay(Direction, seconds: Double)
    /// Undo stalls and delays.
    case resume
    /// Accept new connections and close them at once (as if the server were down), or not.
    case refuseNewConnections(Bool)
  }

  /// When an armed fault fires.
  public enum Trigger: Sendable, Hashable {
    /// Once exactly this many bytes went through in a direction on one connection (the byte
    /// after is held back, so a cut lands at that exact byte, mid-line if so chosen).
    case afterBytes(Direction, Int)
    /// Once bytes forwarded in a direction contain this text (forwarded up to its end).
    case whenSeen(Direction, String)
    /// At this moment, on every open connection (and the proxy's own settings).
    case at(ContinuousClock.Instant)

    /// `seconds` from now (`.at`).
    public static func afterSeconds(_ seconds: Double) -> Trigger {
      .at(ContinuousClock.now.advanced(by: .milliseconds(Int64(seconds * 1000))))
    }
  }

  /// The port clients connect to.
  public let port: UInt16
  /// The upstream port on 127.0.0.1.
  public let upstreamPort: UInt16
  private let core: ProxyCore

  /// How many bytes a transcript keeps per connection and direction; later bytes are counted
  /// but not kept.
  public static let transcriptLimit = 4 << 20

  /// Starts a proxy in front of 127.0.0.1:`upstreamPort`; with `recordsTranscript` it keeps
  /// what it forwards (see `transcript`).
  public init(forwardingTo upstreamPort: UInt16, recordsTranscript: Bool = false) throws {
    let (listener, port) = try LoopbackSocket.listen()
    var wake: [Int32] = [0, 0]
    guard pipe(&wake) == 0 else {
      close(listener)
      throw TestServerError.systemCall("pipe", errno: errno)
    }
    for descriptor in wake { _ = fcntl(descriptor, F_SETFL, O_NONBLOCK) }
    for descriptor in wake { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
    self.port = port
    self.upstreamPort = upstreamPort
    core = ProxyCore(
      listener: listener, wakeRead: wake[0], wakeWrite: wake[1], upstream: upstreamPort,
      recordsTranscript: recordsTranscript)
    let core = self.core
    let thread = Thread { core.run() }
    thread.name = "FaultProxy :\(port)"
    thread.start()
  }

  deinit { stop() }

  /// Applies `fault` now.
  public func inject(_ fault: Fault) {
    core.command { $0.immediate.append(fault) }
  }

  /// Arms `fault` to apply when `trigger` is reached; a stall, a delay or a refusal that is
  /// `lasting` so many seconds is undone that long after it fired (by `.resume`, which ends
  /// every stall and delay, or by `.refuseNewConnections(false)`).
  public func inject(_ fault: Fault, when trigger: Trigger, lasting seconds: Double? = nil) {
    core.command { $0.armed.append(ArmedFault(trigger: trigger, fault: fault, lasting: seconds)) }
  }

  /// Connections accepted so far.
  public var acceptedConnections: Int { core.state.withLock { $0.accepted } }
  /// Connections open now.
  public var openConnections: Int { core.state.withLock { $0.open } }
  /// Armed faults that have not fired yet.
  public var armedFaults: Int { core.state.withLock { $0.armed.count } }
  /// Bytes read in `direction` and held (by a stall or a delay), all connections together,
  /// as of the proxy thread's last turn.
  public func bytesHeld(_ direction: Direction) -> Int {
    core.state.withLock { $0.held[direction, default: 0] }
  }

  /// Bytes forwarded in `direction`, all connections together.
  public func bytesForwarded(_ direction: Direction) -> Int {
    core.state.withLock { $0.forwarded[direction, default: 0] }
  }

  /// The armed faults that have fired, in the order they did.
  public var firedFaults: [Fault] { core.state.withLock { $0.fired } }
  /// The bytes written in `direction` on each connection, in the order they were accepted
  /// (empty unless the proxy `recordsTranscript`; at most `transcriptLimit` per connection):
  /// `.toServer` is exactly what the server was given.
  public func transcript(_ direction: Direction) -> [[UInt8]] {
    core.state.withLock { $0.transcripts.map { $0[direction, default: []] } }
  }

  /// Waits until `condition` holds on the proxy's counters, or the deadline; true if it did.
  public func wait(timeout: Double = 10, until condition: (FaultProxy) -> Bool) -> Bool {
    let deadline = Deadline(seconds: timeout)
    var nap: UInt32 = 500
    while !condition(self) {
      if deadline.hasPassed { return false }
      usleep(nap)
      nap = min(nap * 2, 10_000)
    }
    return true
  }

  /// Closes every connection and the listener and ends the thread (within a second). Idempotent.
  public func stop() {
    core.command { $0.stopping = true }
    let deadline = Deadline(seconds: 5)
    while !core.state.withLock({ $0.finished }) && !deadline.hasPassed { usleep(1000) }
  }
}
