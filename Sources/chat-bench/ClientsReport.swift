/// The tables `chat-bench clients` prints.
enum ClientsReport {
  /// One receiver's medians over the runs that measured it, or why none did.
  struct Summary {
    var cpuSeconds = 0.0
    var peakMiB = 0.0
    var lastShown = 0.0
    var seen = 0
    var measuredRuns = 0
    var failure: String?
  }

  static func summarize(_ kind: ReceiverKind, _ results: [ClientsRun.Result]) -> Summary {
    let outcomes = results.compactMap { $0.outcomes.first { $0.kind == kind } }
    let measured = outcomes.filter { $0.failure == nil }
    var summary = Summary(failure: outcomes.compactMap(\.failure).first)
    summary.measuredRuns = measured.count
    guard !measured.isEmpty else { return summary }
    summary.cpuSeconds = median(measured.map(\.cpuSeconds))
    summary.peakMiB = median(measured.map(\.peakMiB))
    summary.lastShown = median(measured.compactMap(\.lastShown))
    summary.seen = Int(median(measured.map { Double($0.seenCount) }))
    return summary
  }

  static func floodTable(_ results: [ClientsRun.Result], messages: Int) {
    row("receiver", "CPU s", "peak MiB", "last shown s", "messages seen")
    var summaries: [ReceiverKind: Summary] = [:]
    for kind in ReceiverKind.allCases {
      let summary = summarize(kind, results)
      summaries[kind] = summary
      guard summary.measuredRuns > 0 else {
        print(
          pad(kind.label, 32)
            + (summary.failure.map { $0.hasPrefix("missing") ? $0 : "failed: \($0)" } ?? "failed"))
        continue
      }
      let process = kind != .raw
      row(
        kind.label, process ? Report.fixed(summary.cpuSeconds) : "-",
        process ? Report.fixed(summary.peakMiB, 1) : "-", Report.fixed(summary.lastShown),
        "\(summary.seen)")
      if summary.measuredRuns < results.count, let failure = summary.failure {
        print(
          pad("", 32) + "(\(summary.measuredRuns) of \(results.count) runs; failed: \(failure))")
      }
    }
    let accepted = results.compactMap(\.acceptedSeconds)
    let server = results.compactMap(\.serverCPUSeconds)
    if !accepted.isEmpty, !server.isEmpty {
      print(
        "the server took in the \(messages) lines in \(Report.fixed(median(accepted))) s "
          + "and used \(Report.fixed(median(server))) s of CPU delivering them")
    }
    print("")
    ratio("CPU, chat line mode / irssi (target <= 0.5)", summaries, .chatLine, .irssi, \.cpuSeconds)
    ratio(
      "CPU, chat line mode / WeeChat (target <= 0.5)", summaries, .chatLine, .weechat, \.cpuSeconds)
    ratio(
      "peak memory, chat line mode / irssi (target <= 1)", summaries, .chatLine, .irssi, \.peakMiB)
    ratio("peak memory, chat jsonl / irssi (target <= 1)", summaries, .chatJSON, .irssi, \.peakMiB)
  }

  static func latencyTable(_ result: ClientsRun.Result, interval: Double, messages: Int) {
    print(
      "latency: \(messages) messages, one every \(Int(interval * 1000)) ms, from leaving the "
        + "sender to shown (ms)")
    row("receiver", "median", "p99", "added median", "added p99")
    let raw = result.outcomes.first { $0.kind == .raw }
    for outcome in result.outcomes {
      if let failure = outcome.failure {
        print(
          pad(outcome.kind.label, 32)
            + (failure.hasPrefix("missing") ? failure : "failed: \(failure)"))
        continue
      }
      let delays = outcome.seen.enumerated().compactMap { index, seen in
        seen.map { ($0 - result.sendTimes[index]) * 1000 }
      }
      var added = ["", ""]
      if outcome.kind != .raw, let raw, raw.failure == nil {
        let extra = zip(outcome.seen, raw.seen).compactMap { pair in
          pair.0.flatMap { mine in pair.1.map { (mine - $0) * 1000 } }
        }
        added = [Report.fixed(median(extra), 3), Report.fixed(percentile(extra, 0.99), 3)]
      }
      row(
        outcome.kind.label, Report.fixed(median(delays), 3),
        Report.fixed(percentile(delays, 0.99), 3), added[0], added[1])
    }
    print("(target: chat's added latency over the raw socket <= 0.5 ms median, <= 5 ms p99)")
  }

  static func median(_ values: [Double]) -> Double { percentile(values, 0.5) }

  /// The value at `fraction` of the sorted values (nearest rank); 0 for none.
  static func percentile(_ values: [Double], _ fraction: Double) -> Double {
    guard !values.isEmpty else { return 0 }
    let sorted = values.sorted()
    let rank = Int((fraction * Double(sorted.count)).rounded(.up)) - 1
    return sorted[min(max(rank, 0), sorted.count - 1)]
  }

  private static func ratio(
    _ label: String, _ summaries: [ReceiverKind: Summary], _ top: ReceiverKind,
    _ bottom: ReceiverKind, _ figure: KeyPath<Summary, Double>
  ) {
    guard let mine = summaries[top], let theirs = summaries[bottom] else { return }
    let value: String
    if mine.measuredRuns == 0 {
      value = "n/a: \(top.label) not measured"
    } else if theirs.measuredRuns == 0 {
      value = "n/a: \(bottom.label) not measured"
    } else {
      value = Report.fixed(mine[keyPath: figure] / theirs[keyPath: figure])
    }
    Report.line(label, value)
  }

  private static func row(_ cells: String...) {
    print(pad(cells[0], 32) + cells.dropFirst().map { pad($0, 14) }.joined())
  }

  private static func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + " " : text.padding(toLength: width, withPad: " ", startingAt: 0)
  }
}
