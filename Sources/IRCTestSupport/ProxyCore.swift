import Glibc
import Synchronization

/// What the test thread and the proxy thread share.
struct ProxyState: ~Copyable {
  var immediate: [FaultProxy.Fault] = []
  var armed: [ArmedFault] = []
  var stopping = false
  var finished = false
  var accepted = 0
  var open = 0
  var forwarded: [FaultProxy.Direction: Int] = [:]
  var held: [FaultProxy.Direction: Int] = [:]
  var fired: [FaultProxy.Fault] = []
  /// Per connection, in accept order: the bytes written each way (when recording).
  var transcripts: [[FaultProxy.Direction: [UInt8]]] = []
}

/// A fault waiting for its trigger; one that lasts is undone that many seconds after firing.
struct ArmedFault {
  var trigger: FaultProxy.Trigger
  var fault: FaultProxy.Fault
  var lasting: Double?
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
  let recordsTranscript: Bool

  init(
    listener: Int32, wakeRead: Int32, wakeWrite: Int32, upstream: UInt16,
    recordsTranscript: Bool
  ) {
    self.listener = listener
    self.wakeRead = wakeRead
    self.wakeWrite = wakeWrite
    self.upstream = upstream
    self.recordsTranscript = recordsTranscript
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
      var held: [FaultProxy.Direction: Int] = [:]
      for connection in loop.connections {
        for direction in [FaultProxy.Direction.toServer, .toClient] {
          held[direction, default: 0] += connection.heldBytes(direction)
        }
      }
      state.withLock {
        $0.open = open
        $0.held = held
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
  func takeArmed(_ fires: (FaultProxy.Trigger) -> Bool) -> [ArmedFault] {
    state.withLock { shared in
      let taken = shared.armed.filter { fires($0.trigger) }
      shared.armed.removeAll { fires($0.trigger) }
      return taken
    }
  }

  /// The armed triggers, without removing them.
  var armedTriggers: [FaultProxy.Trigger] { state.withLock { $0.armed.map(\.trigger) } }

  /// Counts an accepted connection; returns its number (from 0).
  func countAccepted() -> Int {
    state.withLock {
      $0.accepted += 1
      if recordsTranscript { $0.transcripts.append([:]) }
      return $0.accepted - 1
    }
  }

  /// Notes that an armed fault fired, and arms its undoing if it lasts.
  func recordFired(_ entry: ArmedFault) {
    state.withLock { shared in
      shared.fired.append(entry.fault)
      guard let seconds = entry.lasting, let undo = entry.fault.undoing else { return }
      shared.armed.append(
        ArmedFault(trigger: .afterSeconds(seconds), fault: undo, lasting: nil))
    }
  }

  /// Adds bytes written on connection `number` to its transcript, within the limit.
  func record(_ bytes: [FaultProxy.Direction: [UInt8]], connection number: Int) {
    state.withLock { shared in
      guard number < shared.transcripts.count else { return }
      for (direction, new) in bytes {
        let kept = shared.transcripts[number][direction, default: []].count
        let room = max(0, FaultProxy.transcriptLimit - kept)
        shared.transcripts[number][direction, default: []].append(contentsOf: new.prefix(room))
      }
    }
  }

  /// The earliest time trigger armed, if any.
  var nextTimeTrigger: ContinuousClock.Instant? {
    state.withLock { shared in
      shared.armed.compactMap { entry -> ContinuousClock.Instant? in
        if case .at(let instant) = entry.trigger { return instant }
        return nil
      }.min()
    }
  }
}

extension FaultProxy.Fault {
  /// What ends this fault when it lasts only a while: nil for those that cannot be undone.
  var undoing: FaultProxy.Fault? {
    switch self {
    case .stall, .delay: .resume
    case .refuseNewConnections(true): .refuseNewConnections(false)
    case .cut, .reset, .halfClose, .resume, .refuseNewConnections(false): nil
    }
  }
}
