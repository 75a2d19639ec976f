import ChatCore
import Foundation
import ScreenRenderer

extension Benchmarks {
  /// The full screen's figures (issue 25): a flood of `floodSize` replies drawn by
  /// `--renderer screen` on an 80×24 pseudo-terminal against the log renderer to a pipe (CPU
  /// and bytes), the echo of keys typed during the flood, and a window switch among 100
  /// channels of 1,000 members each, drawn in process.
  func screenFigures(chat: String) {
    let home = Self.screenFolder()
    defer { try? FileManager.default.removeItem(atPath: home) }
    let environment = [
      "TERM=xterm", "NO_COLOR=1", "LANG=C.UTF-8", "PATH=/usr/bin:/bin", "HOME=\(home)",
      "XDG_STATE_HOME=\(home)/state",
    ]
    if let screen = screenFlood(chat, environment), let log = logFloodCPU(chat, environment) {
      Report.line(
        "screen flood: \(Self.floodSize) replies, CPU (screen / log)",
        "\(Report.fixed(screen.cpu, 2)) s / \(Report.fixed(log.cpu, 2)) s = "
          + Report.fixed(screen.cpu / log.cpu) + " (<= 1.5)")
      Report.line(
        "screen flood: bytes to the terminal / the log's text of the same flood",
        "\(screen.bytes) / \(log.bytes) = "
          + Report.fixed(Double(screen.bytes) / Double(log.bytes), 3))
    } else {
      print("(the screen flood did not finish)")
    }
    if let echoes = screenEchoes(chat, environment), !echoes.isEmpty {
      let sorted = echoes.sorted()
      Report.line(
        "screen flood: key echo, median / worst of \(sorted.count) (<= 16 / 50 ms)",
        "\(Report.fixed(sorted[sorted.count / 2] * 1000, 1)) / "
          + "\(Report.fixed(sorted.last! * 1000, 1)) ms")
    }
    switchFigures()
  }

  /// The window switch's figure alone (`chat-bench screen-switch`): in process, no child, so
  /// callgrind can count it.
  func switchFigures() {
    let switches = windowSwitches()
    Report.line(
      "screen: switch among 100 channels x 1,000 members, median / worst of \(switches.count)",
      "\(Report.fixed(switches[switches.count / 2] * 1000, 2)) / "
        + "\(Report.fixed(switches.last! * 1000, 2)) ms (<= 5 ms)")
  }

  /// CPU seconds (user + system) of the children reaped so far.
  private static func childCPU() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_CHILDREN.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
      + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1_000_000
  }

  /// The flood on the full screen: Ctrl-D right after the line, so chat draws every reply
  /// and leaves; its CPU and the bytes it wrote to the terminal.
  private func screenFlood(_ chat: String, _ environment: [String]) -> (cpu: Double, bytes: Int)? {
    let before = Self.childCPU()
    guard let terminal = PseudoTerminal(rows: 24, columns: 80),
      let child = ChildProcess(
        chat, ["--renderer", "screen", "--burst", "\(Self.floodSize)"], environment: environment,
        streams: .terminal(path: terminal.path))
    else { return nil }
    var startup: [UInt8] = []
    guard
      OutputReader.read(
        terminal.master, until: Stopwatch.now() + 10,
        { chunk in
          startup += chunk
          return String(decoding: startup, as: UTF8.self).contains("[Conversation]")
        })
    else { return nil }
    terminal.type("flood\r\u{04}")
    var bytes = 0
    _ = OutputReader.read(terminal.master, until: Stopwatch.now() + 120) { chunk in
      bytes += chunk.count
      return false
    }
    guard child.waitForExit(within: 10) != nil else { return nil }
    return (Self.childCPU() - before, bytes)
  }

  /// The same flood through the log renderer to a pipe: its CPU and its bytes.
  private func logFloodCPU(_ chat: String, _ environment: [String]) -> (cpu: Double, bytes: Int)? {
    let before = Self.childCPU()
    var input: [Int32] = [-1, -1]
    var output: [Int32] = [-1, -1]
    guard pipe(&input) == 0, pipe(&output) == 0 else { return nil }
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
    OutputReader.writeAll(input[1], Array("flood\n".utf8))
    close(input[1])
    var bytes = 0
    _ = OutputReader.read(output[0], until: Stopwatch.now() + 120) { chunk in
      bytes += chunk.count
      return false
    }
    guard child.waitForExit(within: 10) != nil else { return nil }
    return (Self.childCPU() - before, bytes)
  }

  /// Keys typed one at a time during the flood on the full screen, and how soon each shows.
  private func screenEchoes(_ chat: String, _ environment: [String]) -> [Double]? {
    guard let terminal = PseudoTerminal(rows: 24, columns: 80),
      let child = ChildProcess(
        chat, ["--renderer", "screen", "--burst", "\(Self.floodSize)"], environment: environment,
        streams: .terminal(path: terminal.path))
    else { return nil }
    var startup: [UInt8] = []
    guard
      OutputReader.read(
        terminal.master, until: Stopwatch.now() + 10,
        { chunk in
          startup += chunk
          return String(decoding: startup, as: UTF8.self).contains("[Conversation]")
        })
    else { return nil }
    terminal.type("flood\r")
    // The burst falls due 300 ms later (echo, then reply): probes from then on.
    _ = OutputReader.read(terminal.master, until: Stopwatch.now() + 0.4) { _ in false }
    var echoes: [Double] = []
    for key in Array("xyzqwkjbxyzqwkjb".utf8) {
      let typed = Stopwatch.now()
      terminal.type(String(UnicodeScalar(key)))
      let seen = OutputReader.read(terminal.master, until: typed + 2) { $0.contains(key) }
      if seen { echoes.append(Stopwatch.now() - typed) }
      _ = OutputReader.read(terminal.master, until: Stopwatch.now() + 0.05) { _ in false }
    }
    terminal.type("\u{15}\u{04}")
    _ = OutputReader.read(terminal.master, until: Stopwatch.now() + 60) { _ in false }
    child.waitForExit(within: 1)
    return echoes
  }

  /// Seconds to draw each switch among 100 channels of 1,000 members: the update, the
  /// frame painted and its difference from the last one written out.
  private func windowSwitches() -> [Double] {
    var state = AppState(server: "irc.test", joining: [], localName: "me")
    state.sessionStatus = .connected
    let time = Timestamp.virtualEpoch
    for channel in 1...100 {
      let name = ConversationName("#c\(channel)")
      _ = update(&state, .session(.joined(name, time: time)))
      _ = update(
        &state,
        .session(
          .membersListed(
            name, (1...1000).map { Member("n\(channel)x\($0)", prefixes: $0 <= 10 ? "@" : "") },
            time: time)))
    }
    var model = ScreenModel(color: true, utcOffsetSeconds: 0)
    model.start(state)
    let writer = FrameWriter(strings: ANSITerminalStrings())
    var shown = model.paint(state, width: 120, height: 40).grid
    var bytes: [UInt8] = []
    var seconds: [Double] = []
    for step in 0..<200 {
      let started = Stopwatch.now()
      let id = UUID(uuid: (UInt8(step & 0xFF), 1, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 0))
      _ = update(&state, .user(.submitted(text: "/win \(step % 100 + 2)", id: id, time: time)))
      model.note(state)
      let (grid, cursor) = model.paint(state, width: 120, height: 40)
      bytes.removeAll(keepingCapacity: true)
      writer.frame(from: shown, to: grid, cursor: cursor, into: &bytes)
      shown = grid
      seconds.append(Stopwatch.now() - started)
    }
    return seconds.sorted()
  }

  private static func screenFolder() -> String {
    var template = Array("/tmp/chat-bench-screen-XXXXXX".utf8CString)
    return template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
  }
}
