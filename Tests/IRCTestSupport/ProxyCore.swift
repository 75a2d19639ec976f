import Glibc
import Synchronization

/// What the test thread and the proxy thread share.
struct ProxyState: ~Copyable {
  var immediate: [FaultProxy.Fault] = []
  var armed: [(trigger: FaultProxy.Trigger, fault: FaultProxy.Fault)] = []
  var stopping = false
  var finished = false
  var accepted = 0
  var open = 0
  var forwarded: [FaultProxy.Direction: Int] = [:]
}

/// The proxy's thread: accepts, forwards and applies faults, polling every descriptor.
final class ProxyCore: Sendable {
  /// Reading from a side stops while this much waits to be written to the other.
  static let bufferLimit = 1 << 20

  let state = Mutex(ProxyState())
  private let listener: Int32
  private let wakeRead: Int32
  private let wakeWrite: Int32
  private let upstream: UInt16

  init(listener: Int32, wakeRead: Int32, wakeWrite: Int32, upstream: UInt16) {
    self.listener = listener
    self.wakeRead = wakeRead
    self.wakeWrite = wakeWrite
    self.upstream = upstream
  }

  /// Changes the shared state and wakes the thread.
  func command(_ change: (inout ProxyState) -> Void) {
    let running = state.withLock {
      change(&$0)
      return !$0.finished
    }
    if running {
      var byte: UInt8 = 1
      _ = write(wakeWrite, &byte, 1)
    }
  }

  /// The thread's body; returns when stopping.
  func run() {
    var loop = ProxyLoop(core: self)
    while !state.withLock({ $0.stopping }) {
      loop.step(listener: listener, wake: wakeRead)
      let open = loop.connections.count
      let moved = loop.takeForwarded()
      state.withLock {
        $0.open = open
        for (direction, count) in moved { $0.forwarded[direction, default: 0] += count }
      }
    }
    loop.closeAll()
    close(listener)
    close(wakeRead)
    state.withLock { $0.finished = true }
    close(wakeWrite)
  }

  /// Takes the faults to apply now.
  func takeImmediate() -> [FaultProxy.Fault] {
    state.withLock { shared in
      defer { shared.immediate = [] }
      return shared.immediate
    }
  }

  /// Connects to the upstream server for a new client.
  func connectUpstream() -> Int32? {
    try? LoopbackSocket.connect(port: upstream, timeout: 2)
  }

  /// Takes the armed faults that `fires` selects, removing them.
  func takeArmed(
    _ fires: (FaultProxy.Trigger) -> Bool
  ) -> [(trigger: FaultProxy.Trigger, fault: FaultProxy.Fault)] {
    state.withLock { shared in
      let taken = shared.armed.filter { fires($0.trigger) }
      shared.armed.removeAll { fires($0.trigger) }
      return taken
    }
  }

  /// The armed triggers, without removing them.
  var armedTriggers: [FaultProxy.Trigger] { state.withLock { $0.armed.map(\.trigger) } }

  /// Counts an accepted connection.
  func countAccepted() { state.withLock { $0.accepted += 1 } }
}
