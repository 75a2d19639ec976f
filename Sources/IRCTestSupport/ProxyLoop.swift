import Glibc

/// The proxy thread's own state: connections, stalls, delays. Never shared.
struct ProxyLoop {
  typealias Direction = FaultProxy.Direction

  let core: ProxyCore
  var connections: [ProxyConnection] = []
  var stalled: Set<Direction> = []
  var delays: [Direction: Double] = [:]
  var refusing = false
  private var forwarded: [Direction: Int] = [:]

  init(core: ProxyCore) { self.core = core }

  /// Bytes forwarded since the last call.
  mutating func takeForwarded() -> [Direction: Int] {
    defer { forwarded = [:] }
    return forwarded
  }

  private mutating func applyCommands() {
    for fault in core.takeImmediate() { apply(fault, to: nil) }
  }

  /// Fires the time triggers that are due, on every connection.
  private mutating func fireDueTimeTriggers() {
    let now = ContinuousClock.now
    let due = core.takeArmed {
      if case .at(let instant) = $0 { return instant <= now }
      return false
    }
    for entry in due {
      core.recordFired(entry)
      apply(entry.fault, to: nil)
    }
  }

  /// Applies a fault to one connection, or to all when `connection` is nil.
  mutating func apply(_ fault: FaultProxy.Fault, to connection: ProxyConnection?) {
    let targets = connection.map { [$0] } ?? connections
    switch fault {
    case .cut:
      for target in targets { target.close(reset: false) }
    case .reset:
      for target in targets { target.close(reset: true) }
    case .halfClose(let direction):
      for target in targets { target.shutDown(direction) }
    case .stall(let direction):
      stalled.insert(direction)
    case .delay(let direction, let seconds):
      delays[direction] = seconds
    case .resume:
      stalled = []
      delays = [:]
      for connection in connections { connection.releaseAll() }
    case .refuseNewConnections(let refuse):
      refusing = refuse
    }
  }

  /// One round: poll, accept, read, write, drop finished connections.
  mutating func step(listener: Int32, wake: Int32) {
    applyCommands()
    var entries = [pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
    entries.append(pollfd(fd: listener, events: Int16(POLLIN), revents: 0))
    let now = ContinuousClock.now
    var timeout: Int32 = 1000
    if let trigger = core.nextTimeTrigger {
      timeout = min(timeout, max(0, Int32((trigger - now).seconds * 1000) + 1))
    }
    for connection in connections {
      for (descriptor, events) in connection.pollEvents(now: now, stalled: stalled) {
        entries.append(pollfd(fd: descriptor, events: events, revents: 0))
      }
      if let release = connection.nextRelease(stalled: stalled) {
        let left = release - now
        timeout = min(timeout, max(0, Int32(left.seconds * 1000) + 1))
      }
    }
    _ = poll(&entries, nfds_t(entries.count), timeout)
    if entries[0].revents != 0 {
      var sink = [UInt8](repeating: 0, count: 256)
      while read(wake, &sink, sink.count) > 0 {}
    }
    // Commands that woke the poll apply before anything that arrived with them.
    applyCommands()
    fireDueTimeTriggers()
    if entries[1].revents != 0 { acceptAll(listener) }
    for connection in connections {
      connection.readAvailable(delays: delays)
      let moved = connection.writeReady(stalled: stalled, core: core) { entry, target in
        core.recordFired(entry)
        apply(entry.fault, to: target)
      }
      for (direction, count) in moved { forwarded[direction, default: 0] += count }
      if core.recordsTranscript {
        let written = connection.takeWritten()
        if !written.isEmpty { core.record(written, connection: connection.number) }
      }
      connection.propagateEnds()
      connection.finishClosing()
    }
    connections.removeAll { $0.isClosed }
  }

  private mutating func acceptAll(_ listener: Int32) {
    while true {
      let client = accept(listener, nil, nil)
      guard client >= 0 else { return }
      _ = fcntl(client, F_SETFL, O_NONBLOCK)
      _ = fcntl(client, F_SETFD, FD_CLOEXEC)
      let number = core.countAccepted()
      guard !refusing, let server = core.connectUpstream() else {
        close(client)
        continue
      }
      connections.append(
        ProxyConnection(
          client: client, server: server, number: number, records: core.recordsTranscript))
    }
  }

  /// Closes every connection.
  mutating func closeAll() {
    for connection in connections {
      connection.close(reset: false)
      connection.finishClosing(force: true)
    }
    connections = []
  }
}
