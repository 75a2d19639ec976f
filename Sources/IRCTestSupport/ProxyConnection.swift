import Glibc

/// One proxied connection: a client socket, its server socket and the bytes between them.
final class ProxyConnection {
  typealias Direction = FaultProxy.Direction

  private struct Chunk {
    var release: ContinuousClock.Instant
    var bytes: [UInt8]
  }

  /// How long the server side stays open after the last bytes written to it, when cut.
  ///
  /// InspIRCd 3.15 reads a client edge-triggered and once per wakeup: if a line and the end of
  /// stream are both queued when it reads, it takes the line and never notices the end, and the
  /// user stays on the server as a ghost until its ping timeout. The pause gives it a wakeup
  /// for the data first, as on a real network where the end comes a moment later.
  static let serverCloseGrace = Duration.milliseconds(100)

  let client: Int32
  let server: Int32
  /// Its place in accept order (from 0).
  let number: Int
  private let records: Bool
  /// Bytes written since `takeWritten()` last ran, when recording.
  private var written: [Direction: [UInt8]] = [:]
  /// Both sides closed (a cut's server side may close a moment after the client's).
  var isClosed: Bool { clientClosed && serverClosed }
  /// The client side is gone; nothing more is forwarded.
  private var clientClosed = false
  private var serverClosed = false
  private var serverCloseAt: (ContinuousClock.Instant, reset: Bool)?
  private var lastServerWrite = ContinuousClock.now - .seconds(10)
  private var pending: [Direction: [Chunk]] = [.toServer: [], .toClient: []]
  private var pendingBytes: [Direction: Int] = [:]
  /// Bytes written in each direction on this connection (what triggers count).
  private var writtenCount: [Direction: Int] = [:]
  /// The end of what was written in each direction, to find text spanning two writes.
  private var tail: [Direction: [UInt8]] = [:]
  private var sourceEnded: Set<Direction> = []
  private var sinkShut: Set<Direction> = []

  init(client: Int32, server: Int32, number: Int, records: Bool) {
    self.client = client
    self.server = server
    self.number = number
    self.records = records
  }

  /// Bytes read in `direction` and not yet written on (held by a stall or a delay).
  func heldBytes(_ direction: Direction) -> Int { pendingBytes[direction, default: 0] }

  /// The bytes written each way since the last call (recording only).
  func takeWritten() -> [Direction: [UInt8]] {
    defer { written = [:] }
    return written
  }

  private func source(_ direction: Direction) -> Int32 { direction == .toServer ? client : server }
  private func sink(_ direction: Direction) -> Int32 { direction == .toServer ? server : client }

  /// The descriptors to poll and for what.
  func pollEvents(now: ContinuousClock.Instant, stalled: Set<Direction>) -> [(Int32, Int16)] {
    if clientClosed { return [] }
    var events: [Int32: Int16] = [client: 0, server: 0]
    for direction in [Direction.toServer, .toClient] {
      if !sourceEnded.contains(direction)
        && pendingBytes[direction, default: 0] < ProxyCore.bufferLimit
      {
        events[source(direction), default: 0] |= Int16(POLLIN)
      }
      if !stalled.contains(direction), let first = pending[direction]?.first, first.release <= now {
        events[sink(direction), default: 0] |= Int16(POLLOUT)
      }
    }
    return events.map { ($0.key, $0.value) }
  }

  /// When the next delayed chunk is due, if one waits.
  func nextRelease(stalled: Set<Direction>) -> ContinuousClock.Instant? {
    if let (at, _) = serverCloseAt { return at }
    return [Direction.toServer, .toClient].filter { !stalled.contains($0) }
      .compactMap { pending[$0]?.first?.release }.min()
  }

  /// Closes the server side once a cut's grace has passed.
  func finishClosing(force: Bool = false) {
    guard let (at, reset) = serverCloseAt, force || at <= ContinuousClock.now else { return }
    serverCloseAt = nil
    closeSide(server, reset: reset)
    serverClosed = true
  }

  /// Reads what has arrived on both sides (non-blocking).
  func readAvailable(delays: [Direction: Double]) {
    for direction in [Direction.toServer, .toClient] where !clientClosed {
      guard !sourceEnded.contains(direction),
        pendingBytes[direction, default: 0] < ProxyCore.bufferLimit
      else { continue }
      var buffer = [UInt8](repeating: 0, count: 65_536)
      let count = read(source(direction), &buffer, buffer.count)
      if count > 0 {
        if sinkShut.contains(direction) { continue }
        let delay = delays[direction] ?? 0
        let release = ContinuousClock.now.advanced(by: .milliseconds(Int64(delay * 1000)))
        pending[direction, default: []].append(
          Chunk(release: release, bytes: Array(buffer[..<count])))
        pendingBytes[direction, default: 0] += count
      } else if count == 0 {
        sourceEnded.insert(direction)
      } else if errno != EAGAIN && errno != EINTR {
        close(reset: true)
      }
    }
  }

  /// Writes what is due, stopping at armed triggers and firing them through `fire`.
  func writeReady(
    stalled: Set<Direction>, core: ProxyCore,
    fire: (ArmedFault, ProxyConnection) -> Void
  ) -> [Direction: Int] {
    var moved: [Direction: Int] = [:]
    for direction in [Direction.toServer, .toClient] {
      while !clientClosed, !stalled.contains(direction), let first = pending[direction]?.first,
        first.release <= ContinuousClock.now
      {
        let (limit, firing) = triggerLimit(direction, first.bytes, core.armedTriggers)
        var sent = 0
        if limit > 0 {
          sent = first.bytes.withUnsafeBytes {
            Glibc.send(sink(direction), $0.baseAddress, limit, Int32(MSG_NOSIGNAL))
          }
          if sent < 0 {
            if errno == EAGAIN || errno == EINTR { break }
            close(reset: true)
            break
          }
          consume(direction, sent)
          if direction == .toServer && sent > 0 { lastServerWrite = ContinuousClock.now }
          moved[direction, default: 0] += sent
        }
        if sent == limit && !firing.isEmpty {
          for entry in core.takeArmed({ firing.contains($0) }) { fire(entry, self) }
          continue
        }
        if sent < limit { break }
      }
    }
    return moved
  }

  /// How much of `bytes` may go before an armed trigger is reached, and which triggers fire
  /// exactly there.
  private func triggerLimit(
    _ direction: Direction, _ bytes: [UInt8], _ triggers: [FaultProxy.Trigger]
  )
    -> (Int, [FaultProxy.Trigger])
  {
    var limit = bytes.count
    var firing: [FaultProxy.Trigger] = []
    for trigger in triggers {
      var at: Int?
      switch trigger {
      case .afterBytes(let side, let count) where side == direction:
        let left = count - writtenCount[direction, default: 0]
        if left >= 0 && left <= bytes.count { at = left }
      case .whenSeen(let side, let text) where side == direction:
        let needle = Array(text.utf8)
        let before = tail[direction, default: []]
        let haystack = before + bytes
        if let start = Self.find(needle, in: haystack) {
          at = max(0, start + needle.count - before.count)
        }
      default:
        break
      }
      guard let at else { continue }
      if at < limit {
        limit = at
        firing = [trigger]
      } else if at == limit {
        firing.append(trigger)
      }
    }
    return (limit, firing)
  }

  private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
    guard !needle.isEmpty, haystack.count >= needle.count else { return nil }
    for start in 0...(haystack.count - needle.count)
    where haystack[start..<start + needle.count].elementsEqual(needle) {
      return start
    }
    return nil
  }

  private func consume(_ direction: Direction, _ count: Int) {
    guard count > 0, var first = pending[direction]?.first else { return }
    let sent = first.bytes.prefix(count)
    tail[direction] = Array((tail[direction, default: []] + sent).suffix(256))
    writtenCount[direction, default: 0] += count
    if records { written[direction, default: []].append(contentsOf: sent) }
    pendingBytes[direction, default: 0] -= count
    first.bytes.removeFirst(count)
    if first.bytes.isEmpty {
      pending[direction]?.removeFirst()
    } else {
      pending[direction]?[0] = first
    }
  }

  /// Passes an end of stream on once everything before it was written; closes when both
  /// directions are done.
  func propagateEnds() {
    guard !clientClosed else { return }
    for direction in [Direction.toServer, .toClient]
    where sourceEnded.contains(direction) && pending[direction, default: []].isEmpty {
      shutDown(direction)
    }
    if sinkShut.count == 2 && sourceEnded.count == 2 { close(reset: false) }
  }

  /// Half-closes a direction: its reader sees end of stream; what waited is dropped.
  func shutDown(_ direction: Direction) {
    guard !clientClosed, !sinkShut.contains(direction) else { return }
    sinkShut.insert(direction)
    pending[direction] = []
    pendingBytes[direction] = 0
    shutdown(sink(direction), Int32(SHUT_WR))
  }

  /// Releases every delayed chunk now.
  func releaseAll() {
    let now = ContinuousClock.now
    for direction in [Direction.toServer, .toClient] {
      pending[direction] = pending[direction, default: []].map {
        Chunk(release: now, bytes: $0.bytes)
      }
    }
  }

  /// Closes both sides, with RST when `reset`; the server side after `serverCloseGrace` if
  /// bytes were just written to it.
  func close(reset: Bool) {
    guard !clientClosed else { return }
    clientClosed = true
    closeSide(client, reset: reset)
    let calm = lastServerWrite + Self.serverCloseGrace
    if calm > ContinuousClock.now {
      serverCloseAt = (calm, reset)
    } else {
      closeSide(server, reset: reset)
      serverClosed = true
    }
  }

  private func closeSide(_ descriptor: Int32, reset: Bool) {
    if reset {
      var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
      setsockopt(
        descriptor, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
    }
    Glibc.close(descriptor)
  }
}
