import ChatCore
import ChatRendering
import Glibc

/// Lines read from a file descriptor that is not a terminal: a pipe, a file, /dev/null.
///
/// Two pacings. `.live`: lines are typed as they arrive, in real time. `.virtual`: a line is
/// typed only when the session has nothing pending, so a piped file reads as a natural
/// conversation (message, echo, reply, next message) and only one line is held at a time.
public final class FileInput: Input {
  /// How lines are paced against the session.
  public enum Pacing {
    /// Real time: lines are typed as they arrive; waiting polls until the session's deadline.
    case live(LiveClock)
    /// Virtual time: waiting jumps the clock; a line is typed once the session is idle.
    case virtual(VirtualClock)
  }

  private let descriptor: Int32
  private let pacing: Pacing
  private let signals: SignalWatcher?
  private var reader = LineReader()
  private var reachedEnd = false
  private var reportedEnd = false
  private var chunk = [UInt8](repeating: 0, count: 64 * 1024)

  /// Reads `descriptor`, watching `signals` (if given) while it waits.
  public init(descriptor: Int32, pacing: Pacing, signals: SignalWatcher? = nil) {
    self.descriptor = descriptor
    self.pacing = pacing
    self.signals = signals
  }

  public func wait(
    until deadline: Timestamp?, flush: () throws(SinkError) -> Void
  ) throws(SinkError) -> [InputEvent] {
    switch pacing {
    case .virtual(let clock):
      if let deadline {
        clock.advance(to: deadline)
        return []
      }
      return try nextPacedLine(flush: flush)
    case .live(let clock):
      return try nextLiveLines(
        timeout: deadline.map { clock.now.milliseconds(to: $0) }, flush: flush)
    }
  }

  /// One line (or the end), blocking until it arrives.
  private func nextPacedLine(flush: () throws(SinkError) -> Void) throws(SinkError) -> [InputEvent]
  {
    while true {
      if let line = reader.nextLine() { return [.line(line)] }
      if reachedEnd { return endEvents() }
      try flush()
      let (readable, signal) = waitForReadable(timeout: -1)
      if let signal { return [.terminated(signal: signal)] }
      if readable { readChunk() }
    }
  }

  /// Every line that has arrived, or nothing once `timeout` milliseconds pass.
  private func nextLiveLines(
    timeout: Int64?, flush: () throws(SinkError) -> Void
  ) throws(SinkError) -> [InputEvent] {
    var events = bufferedLines()
    if !events.isEmpty { return events }
    if reachedEnd, !reportedEnd { return endEvents() }
    if reportedEnd, timeout == nil { return [] }  // Nothing left to wait for.
    try flush()
    let (readable, signal) = waitForReadable(
      timeout: timeout.map { Int32(clamping: max(0, $0)) } ?? -1)
    if let signal { return [.terminated(signal: signal)] }
    if readable { readChunk() }
    events = bufferedLines()
    if reachedEnd { events += endEvents() }
    return events
  }

  private func bufferedLines() -> [InputEvent] {
    var events: [InputEvent] = []
    while let line = reader.nextLine() { events.append(.line(line)) }
    return events
  }

  private func endEvents() -> [InputEvent] {
    var events: [InputEvent] = []
    if let last = reader.finish() { events.append(.line(last)) }
    if !reportedEnd {
      reportedEnd = true
      events.append(.ended)
    }
    return events
  }

  /// Polls the input (until it ends) and the signal pipe. End of file, hang-up and errors count
  /// as readable, so the following read reports them.
  private func waitForReadable(timeout: Int32) -> (readable: Bool, signal: Int32?) {
    var fds = [pollfd]()
    if !reachedEnd { fds.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)) }
    if let signals { fds.append(pollfd(fd: signals.descriptor, events: Int16(POLLIN), revents: 0)) }
    while poll(&fds, nfds_t(fds.count), timeout) < 0 && errno == EINTR {}
    let readable = !reachedEnd && fds[0].revents != 0
    return (readable, signals?.drain().first)
  }

  private func readChunk() {
    let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    if count > 0 {
      chunk.withUnsafeBytes { reader.feed(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
    } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
      reachedEnd = true
    }
  }
}
