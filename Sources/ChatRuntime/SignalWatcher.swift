import Glibc

/// The write end of the self-pipe, for the C signal handler. The handler may only do
/// async-signal-safe work, so it writes the signal number here and the loop acts on it.
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1

/// Turns signals into bytes on a pipe that the loop polls, so they are handled on the loop's
/// thread like any other input, never inside a signal handler.
public final class SignalWatcher {
  /// The read end: readable when a signal has arrived.
  public let descriptor: Int32

  /// Installs handlers for `signals`. One watcher per process.
  public init(signals: [Int32]) {
    var ends: [Int32] = [-1, -1]
    _ = pipe(&ends)
    for end in ends {
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
    }
    descriptor = ends[0]
    signalPipeWriteEnd = ends[1]
    for signal in signals {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { number in
        let saved = errno
        var byte = UInt8(truncatingIfNeeded: number)
        _ = write(signalPipeWriteEnd, &byte, 1)
        errno = saved
      }
      sigemptyset(&action.sa_mask)
      action.sa_flags = SA_RESTART
      sigaction(signal, &action, nil)
    }
  }

  /// Signals that have arrived since the last call, in order.
  public func drain() -> [Int32] {
    var bytes = [UInt8](repeating: 0, count: 64)
    var signals: [Int32] = []
    while true {
      let count = read(descriptor, &bytes, bytes.count)
      guard count > 0 else { return signals }
      signals += bytes[..<count].map { Int32($0) }
    }
  }
}
