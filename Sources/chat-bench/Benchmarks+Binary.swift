import Foundation

extension Benchmarks {
  /// The built `chat` binary beside this one, if there is one.
  var chatPath: String? {
    let path = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("chat").path
    return FileManager.default.isExecutableFile(atPath: path) ? path : nil
  }

  /// Figures from the built binary: against `jq`, peak memory, start-up time.
  func binaryFigures(input: String) {
    guard let chat = chatPath else {
      print("(no chat binary beside chat-bench: run `swift build -c release` first)")
      return
    }
    let output = "/tmp/chat-bench-\(getpid()).jsonl"
    defer { unlink(output) }
    // Best of three for both: on a shared machine one run of either can take half as long
    // again, and the ratio of two single runs moved by a third between identical builds.
    var chatSeconds = Double.infinity
    for _ in 0..<3 {
      // Removed first: truncating the last run's 120 MB inside the timed spawn took 40 ms.
      unlink(output)
      let run = Spawn.run(
        chat, ["--renderer", "jsonl", "--virtual-time"], stdin: input, stdout: output)
      guard let run, run.status == 0 else {
        print("chat failed")
        return
      }
      chatSeconds = min(chatSeconds, run.seconds)
    }
    Report.line(
      "binary: chat --renderer jsonl --virtual-time, best of 3", "\(Report.fixed(chatSeconds, 3)) s"
    )
    if !Spawn.available("jq") {
      print("(jq not found: skipping the jq comparison)")
    } else if let jqSeconds = (0..<3).compactMap({ _ in
      Spawn.run("jq", ["-c", "."], stdin: output)?.seconds
    }).min() {
      Report.line(
        "binary: jq -c . reading that output, best of 3", "\(Report.fixed(jqSeconds, 3)) s")
      Report.line("  chat / jq (target <= 0.10)", Report.fixed(chatSeconds / jqSeconds, 3))
    } else {
      print("jq failed")
    }
    let million = "/tmp/chat-bench-\(getpid())-million.txt"
    defer { unlink(million) }
    _ = Spawn.run(
      "/bin/sh", ["-c", "yes 'hello there, this is a line' | head -n 1000000 > \(million)"])
    if let big = Spawn.run(chat, ["--renderer", "jsonl", "--virtual-time"], stdin: million) {
      Report.line(
        "binary: 1,000,000 lines, peak resident memory (<= 32)",
        "\(Report.fixed(big.peakMemoryMiB, 1)) MiB in \(Report.fixed(big.seconds)) s")
    }
    let starts = (0..<20).compactMap { _ in Spawn.run(chat, ["--help"])?.seconds }
    let average = starts.reduce(0, +) / Double(max(1, starts.count))
    Report.line(
      "binary: chat --help, mean of 20 (target < 10 ms)", "\(Report.fixed(average * 1000)) ms")
  }
}
