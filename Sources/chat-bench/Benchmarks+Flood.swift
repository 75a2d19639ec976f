import Foundation

extension Benchmarks {
  /// The flood: one message, answered by this many replies at the same instant.
  static let floodSize = 100_000
  /// Keys typed during the flood to time their echo; none occurs in a reply, the escape
  /// sequences readline writes, or the prompt, so the first one seen after typing is its echo.
  private static let probeKeys = Array("xyzqwkjb".utf8)

  /// A flood of `floodSize` replies shown in line mode on an 80×24 pseudo-terminal against the
  /// same flood through the log renderer to a pipe, and how soon keys typed during the flood
  /// are echoed.
  func floodFigures(chat: String) {
    let home = Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: home) }
    let environment = [
      "TERM=xterm", "NO_COLOR=1", "LANG=C.UTF-8", "PATH=/usr/bin:/bin", "HOME=\(home)",
      "XDG_STATE_HOME=\(home)/state",
    ]
    let lineRuns = (0..<3).compactMap { _ in lineModeFlood(chat, environment, probes: [])?.seconds }
    let logRuns = (0..<3).compactMap { _ in logFlood(chat, environment) }
    guard let line = lineRuns.min(), let log = logRuns.min() else {
      print("(the flood did not finish: \(lineRuns.count) line-mode and \(logRuns.count) log runs)")
      return
    }
    Report.line(
      "flood: \(Self.floodSize) replies, line mode on a pty, best of 3",
      "\(Report.fixed(line, 3)) s")
    Report.line("flood: the same, log renderer to a pipe, best of 3", "\(Report.fixed(log, 3)) s")
    Report.line("  line mode / log (target <= 2)", Report.fixed(line / log))
    guard let echoes = lineModeFlood(chat, environment, probes: Self.probeKeys)?.echoes,
      !echoes.isEmpty
    else {
      print("(no key typed during the flood was echoed)")
      return
    }
    let sorted = echoes.sorted().map { Report.fixed($0 * 1000, 1) }
    Report.line(
      "flood: key echo while drawing, worst of \(sorted.count) (<= 50 ms)",
      "\(sorted.last!) ms (median \(sorted[sorted.count / 2]) ms)")
  }

  /// Runs chat in line mode on a fresh terminal, types a line, and reads until the last reply
  /// is drawn: the seconds from the burst falling due to then, and the echo time of each of
  /// `probes`, typed one at a time at even steps through the flood. Nil on failure or timeout.
  private func lineModeFlood(
    _ chat: String, _ environment: [String], probes: [UInt8]
  ) -> (seconds: Double, echoes: [Double])? {
    guard let terminal = PseudoTerminal(rows: 24, columns: 80),
      let child = ChildProcess(
        chat, ["--burst", "\(Self.floodSize)"], environment: environment,
        streams: .terminal(path: terminal.path))
    else { return nil }
    // Readline's prompt, after the hint line: from now on keys go to readline.
    var startup: [UInt8] = []
    let prompted = OutputReader.read(terminal.master, until: Stopwatch.now() + 10) {
      startup += $0
      return String(decoding: startup, as: UTF8.self).contains("leaves.")
        && startup.suffix(2) == Array("> ".utf8)
    }
    guard prompted else { return nil }
    terminal.type("flood\r")
    var flood = FloodWatch(probes: probes, floodSize: Self.floodSize)
    let finished = OutputReader.read(terminal.master, until: Stopwatch.now() + 60) { chunk in
      if let key = flood.feed(chunk) { terminal.type(String(UnicodeScalar(key))) }
      return flood.isOver
    }
    // Ctrl-U clears the probe keys, Ctrl-D leaves. The output is read until chat closes the
    // terminal: readline waits for it to drain before giving the terminal back. Dropping
    // `child` kills a laggard.
    terminal.type("\u{15}\u{04}")
    _ = OutputReader.read(terminal.master, until: Stopwatch.now() + 10) { _ in false }
    child.waitForExit(within: 1)
    guard finished, let seconds = flood.seconds else { return nil }
    return (seconds, flood.echoes)
  }

  /// Runs `chat --renderer log` with one piped line and reads its output from a pipe until
  /// the last reply: the seconds from the burst falling due to then. Nil on failure or timeout.
  private func logFlood(_ chat: String, _ environment: [String]) -> Double? {
    var input: [Int32] = [-1, -1]
    var output: [Int32] = [-1, -1]
    guard pipe(&input) == 0, pipe(&output) == 0 else { return nil }
    // Close-on-exec, or the child would hold its own input's write end open and never see
    // the end of it. (`pipe2` is not imported from Glibc.)
    for descriptor in input + output { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
    defer { close(output[0]) }
    let child = ChildProcess(
      chat, ["--burst", "\(Self.floodSize)", "--renderer", "log"], environment: environment,
      streams: .descriptors(input: input[0], output: output[1]))
    close(input[0])
    close(output[1])
    guard let child else {
      close(input[1])
      return nil
    }
    // One line, then the end of input: chat still shows every reply before it exits.
    OutputReader.writeAll(input[1], Array("flood\n".utf8))
    close(input[1])
    var flood = FloodWatch(probes: [], floodSize: Self.floodSize)
    let finished = OutputReader.read(output[0], until: Stopwatch.now() + 60) {
      _ = flood.feed($0)
      return flood.isOver
    }
    child.waitForExit(within: 10)
    return finished ? flood.seconds : nil
  }

  private static func temporaryFolder() -> String {
    var template = Array("/tmp/chat-bench-flood-XXXXXX".utf8CString)
    return template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
  }
}

/// Follows one flood's output: when the echo of the typed line arrives (the burst is due the
/// reply delay later), when the last reply is drawn, and the echo of keys typed meanwhile.
private struct FloodWatch {
  private let probes: [UInt8]
  private let floodSize: Int
  /// The seed's delay from the echo to the reply: the burst falls due this long after the
  /// echo is seen, and the flood is timed from then.
  private static let replyDelay = 0.2
  private var echoLines = LineCounter(marker: "PersonA: ")
  private var replies = LineCounter(marker: "Person B: ")
  private var burstDue: Double?
  private var end: Double?
  private var waitingProbe: (key: UInt8, typed: Double)?
  /// Seconds from typing each probe key to seeing it, in order.
  private(set) var echoes: [Double] = []

  init(probes: [UInt8], floodSize: Int) {
    self.probes = probes
    self.floodSize = floodSize
  }

  /// Seconds from the burst falling due to the last reply drawn.
  var seconds: Double? {
    guard let burstDue, let end else { return nil }
    return end - burstDue
  }

  /// Whether the last reply is drawn and the last probe key typed has been echoed.
  var isOver: Bool { end != nil && waitingProbe == nil }

  /// Reads `chunk`; returns a probe key to type now, if one is due.
  mutating func feed(_ chunk: UnsafeRawBufferPointer) -> UInt8? {
    let now = Stopwatch.now()
    if let probe = waitingProbe, chunk.contains(probe.key) {
      echoes.append(now - probe.typed)
      waitingProbe = nil
    }
    if burstDue == nil {
      echoLines.feed(chunk)
      if echoLines.count > 0 { burstDue = now + Self.replyDelay }
    }
    replies.feed(chunk)
    if end == nil, replies.count >= floodSize { end = now }
    // The next probe at its step through the flood, once the one before has been echoed.
    let next = echoes.count
    guard waitingProbe == nil, end == nil, next < probes.count,
      replies.count >= (next + 1) * floodSize / (probes.count + 1)
    else { return nil }
    waitingProbe = (probes[next], Stopwatch.now())
    return probes[next]
  }
}
