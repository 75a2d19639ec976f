import Glibc

/// Times closures on the monotonic clock and reports rates.
enum Stopwatch {
  /// Seconds taken by `body`.
  static func seconds(_ body: () throws -> Void) rethrows -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    try body()
    let elapsed = clock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
  }

  /// Seconds on the monotonic clock since some fixed moment: for deadlines and intervals.
  static func now() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
  }

  /// The best of `runs` timings: the least disturbed by the rest of the machine.
  static func best(of runs: Int, _ body: () throws -> Void) rethrows -> Double {
    var best = Double.infinity
    for _ in 0..<runs { best = min(best, try seconds(body)) }
    return best
  }
}

/// Formats figures for the report.
enum Report {
  static func rate(_ count: Int, _ seconds: Double) -> String {
    let perSecond = Double(count) / seconds
    return perSecond >= 1e6
      ? "\((perSecond / 1e5).rounded() / 10) M/s" : "\(Int(perSecond / 1e3)) k/s"
  }

  static func fixed(_ value: Double, _ places: Int = 2) -> String {
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    return "\(rounded)"
  }

  static func line(_ label: String, _ value: String) {
    print(label.padding(toLength: 58, withPad: " ", startingAt: 0) + value)
  }
}
