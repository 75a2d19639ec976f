import Glibc

/// The benchmark's one loop: reads every receiver's output as it comes (a terminal that is
/// not read would stall the program drawing on it) and drives the sender, until a condition
/// holds or a deadline passes.
enum ReceiverPump {
  /// Runs until `done()` or `deadline` (on `Stopwatch.now()`); true if `done()`.
  @discardableResult
  static func run(
    _ receivers: [Receiver], sender: FloodSender? = nil, extra: [Int32] = [],
    onExtra: (Int32) -> Void = { _ in }, until deadline: Double, _ done: () -> Bool
  ) -> Bool {
    while !done() {
      let now = Stopwatch.now()
      guard now < deadline else { return false }
      sender?.step(at: now)
      let active = receivers.filter { $0.isActive && $0.descriptor >= 0 }
      var entries = active.map { pollfd(fd: $0.descriptor, events: Int16(POLLIN), revents: 0) }
      if let sender {
        let events = POLLIN | (sender.wantsToWrite ? POLLOUT : 0)
        entries.append(pollfd(fd: sender.descriptor, events: Int16(events), revents: 0))
      }
      entries += extra.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
      // A log file cannot be polled: look at it every 2 ms.
      let watchesFile = receivers.contains { $0.isActive && $0.logPath != nil }
      var wait = min(deadline - now, watchesFile ? 0.002 : 0.05)
      if let due = sender?.secondsUntilDue(now) { wait = min(wait, due) }
      let ready = poll(&entries, nfds_t(entries.count), Int32((wait * 1000).rounded(.up)))
      let seen = Stopwatch.now()
      if ready > 0 {
        for (index, receiver) in active.enumerated() where entries[index].revents != 0 {
          receiver.read(at: seen)
        }
        if let sender {
          let entry = entries[active.count]
          if entry.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 { sender.read(at: seen) }
        }
        let first = active.count + (sender == nil ? 0 : 1)
        for entry in entries[first...] where entry.revents != 0 { onExtra(entry.fd) }
      }
      for receiver in receivers where receiver.isActive && receiver.logPath != nil {
        receiver.readLog(at: seen)
      }
    }
    return true
  }

  /// Keeps reading until none of `pids` has used CPU for `quiet` seconds (at most `limit`),
  /// so that "after" figures include all the work a flood caused.
  static func settle(
    _ receivers: [Receiver], pids: [pid_t], quiet: Double = 0.3, limit: Double = 10
  ) {
    let deadline = Stopwatch.now() + limit
    var last = pids.map { ProcessStats.scheduledNanoseconds($0) }
    var quietSince = Stopwatch.now()
    while Stopwatch.now() < deadline {
      run(receivers, until: Stopwatch.now() + 0.05) { false }
      let now = pids.map { ProcessStats.scheduledNanoseconds($0) }
      // Less than 1 ms of CPU in 50 ms counts as idle: timers and keepalives.
      let busy = zip(now, last).contains { pair in
        guard let new = pair.0, let old = pair.1 else { return false }
        return new > old + 1_000_000
      }
      last = now
      if busy { quietSince = Stopwatch.now() }
      if Stopwatch.now() - quietSince >= quiet { return }
    }
  }
}
