/// The table `chat-bench clients-scale` prints.
enum ScaleReport {
  /// What one receiver used holding the channels and receiving the messages.
  struct Outcome {
    var kind: ReceiverKind
    var failure: String?
    /// Resident memory once joined to every channel, before any message.
    var joinedMiB = 0.0
    var before: ProcessStats?
    var after: ProcessStats?
    /// CPU nanoseconds per message, tenth by tenth.
    var tenthNanoseconds: [Double] = []
  }

  static func table(_ outcomes: [Outcome], messages: Int) {
    print(
      pad("receiver", 32) + pad("joined MiB", 12) + pad("peak MiB", 10) + pad("CPU s", 8)
        + pad("µs/msg 1st", 12) + pad("µs/msg last", 13) + "last/first")
    for outcome in outcomes {
      if let failure = outcome.failure {
        print(
          pad(outcome.kind.label, 32)
            + (failure.hasPrefix("missing") ? failure : "failed: \(failure)"))
        continue
      }
      guard let before = outcome.before, let after = outcome.after,
        let first = outcome.tenthNanoseconds.first, let last = outcome.tenthNanoseconds.last
      else {
        print(pad(outcome.kind.label, 32) + "failed: no figures from /proc")
        continue
      }
      print(
        pad(outcome.kind.label, 32) + pad(Report.fixed(outcome.joinedMiB, 1), 12)
          + pad(Report.fixed(after.peakMiB, 1), 10)
          + pad(Report.fixed(after.cpuSeconds - before.cpuSeconds), 8)
          + pad(Report.fixed(first / 1000, 1), 12) + pad(Report.fixed(last / 1000, 1), 13)
          + Report.fixed(last / first))
    }
    print("(targets for chat: peak memory <= 64 MiB, last/first tenth <= 1.1)")
  }

  private static func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + " " : text.padding(toLength: width, withPad: " ", startingAt: 0)
  }
}
