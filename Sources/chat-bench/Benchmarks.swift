import ChatCore
import ChatRendering
import ChatRuntime
import ChatSession
import Foundation
import JSONLinesRenderer
import LogRenderer

/// The whole benchmark: in-process costs first, then the built binary against jq.
struct Benchmarks {
  let lines: Int
  private let text = "hello there, this is a line"

  func runAll() -> Int32 {
    print("chat-bench: \(lines) input lines (\(lines * 2) messages), best of 3 where repeated\n")
    let actions = script()
    let updateSeconds = Stopwatch.best(of: 3) { applyUpdates(actions, renderer: nil) }
    Report.line("update alone", Report.rate(actions.count, updateSeconds) + " actions")
    let arraySeconds = Stopwatch.best(of: 3) { applyUpdatesReturningArrays(actions) }
    Report.line(
      "update alone, a new array of effects each",
      Report.rate(actions.count, arraySeconds) + " actions")
    var jsonlSeconds = 0.0
    for (name, make) in formatters {
      let seconds = Stopwatch.best(of: 3) {
        applyUpdates(actions, renderer: StreamRenderer(make(), sink: CountingSink()))
      }
      if name == "jsonl" { jsonlSeconds = seconds }
      Report.line(
        "update + \(name) formatting",
        Report.rate(actions.count, seconds)
          + " actions (\(Report.fixed(seconds / updateSeconds))x update alone)")
    }
    let encoderSeconds = Stopwatch.best(of: 3) { encodeWithJSONEncoder(actions) }
    Report.line(
      "update + JSONEncoder (Foundation baseline)",
      Report.rate(actions.count, encoderSeconds)
        + " actions (ours is \(Report.fixed(encoderSeconds / jsonlSeconds))x faster)")
    conversationFigures()

    let input = writeInput(lines: lines)
    defer { unlink(input) }
    for (name, make) in formatters {
      let probe = TenthsProbe(expectedMessages: lines * 2)
      let seconds = Stopwatch.seconds { runPipeline(input: input, make(), probe: probe) }
      var figure = Report.rate(lines * 2, seconds) + " messages in \(Report.fixed(seconds)) s"
      if let (first, last) = probe.firstAndLastTenth {
        figure += "; last/first tenth \(Report.fixed(last / first))"
      }
      Report.line("pipeline: \(lines) piped lines -> \(name) (virtual)", figure)
    }
    print("")
    binaryFigures(input: input)
    if let chat = chatPath { floodFigures(chat: chat) }
    return 0
  }

  private var formatters: [(String, () -> any TranscriptFormatter)] {
    [("log", { LogFormatter() }), ("jsonl", { JSONLinesFormatter() })]
  }

  /// The actions a virtual run of `lines` lines dispatches, stamped in advance.
  private func script() -> [Action] {
    var ids = SeededUUIDGenerator(seed: 1)
    var actions: [Action] = [.session(.connected(time: .virtualEpoch))]
    actions.reserveCapacity(lines * 3 + 2)
    for index in 0..<lines {
      let sent = Timestamp.virtualEpoch.advanced(byMilliseconds: Int64(index) * 300)
      let message = Message(id: ids.next(), sender: "PersonA", text: text, time: sent)
      var echo = message
      echo.time = sent.advanced(byMilliseconds: 100)
      let reply = Message(
        id: ids.next(), sender: "Person B", text: ids.next().upperHexString,
        time: sent.advanced(byMilliseconds: 300))
      actions += [
        .user(.submitted(text: text, id: message.id, time: sent)), .session(.echoed(echo)),
        .session(.received(reply)),
      ]
    }
    actions.append(.system(.endOfInput))
    return actions
  }

  /// `action` through `update` as the loop calls it: the effects into one array, emptied
  /// and reused, so the figures are the core's work and not an allocator's.
  static func updateAsTheLoop(
    _ state: inout AppState, _ action: Action, effects: inout [Effect]
  ) {
    update(&state, action, into: &effects)
    if !effects.isEmpty { effects.removeAll(keepingCapacity: true) }
  }

  private func applyUpdates(_ actions: [Action], renderer: (any Renderer)?) {
    var state = AppState()
    var effects: [Effect] = []
    try? renderer?.start(state)
    for action in actions {
      Self.updateAsTheLoop(&state, action, effects: &effects)
      try? renderer?.render(state)
    }
    try? renderer?.finish(state)
  }

  /// Each action through the form of `update` that returns a new array of effects (tests,
  /// tools): what the figure was before the loop's form was measured.
  private func applyUpdatesReturningArrays(_ actions: [Action]) {
    var state = AppState()
    for action in actions { _ = update(&state, action) }
  }

  /// The same `message` lines, made with `JSONEncoder` (sorted keys for a stable order).
  private func encodeWithJSONEncoder(_ actions: [Action]) {
    struct Event: Encodable {
      var type: String
      var seq: Int
      var id: UUID
      var sender: String
      var text: String
      var time: String
      var own: Bool
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    var state = AppState()
    var tracker = ChangeTracker()
    var bytes = 0
    var sequence = 0
    for action in actions {
      _ = update(&state, action)
      for message in tracker.changes(in: state).entered(in: state) {
        sequence += 1
        let event = Event(
          type: "message", seq: sequence, id: message.id, sender: message.sender,
          text: message.text,
          time: TimeFormat.rfc3339(message.time), own: message.isLocal)
        bytes += ((try? encoder.encode(event))?.count ?? 0) + 1
      }
    }
    precondition(bytes > 0)
  }

  private func writeInput(lines: Int) -> String {
    let path = "/tmp/chat-bench-\(getpid())-\(lines).txt"
    let sink = try! FileSink.create(path: path, writesThrough: false)
    let line = Array((text + "\n").utf8)
    for _ in 0..<lines { try! sink.write(line) }
    try! sink.flush()
    return path
  }

  private func runPipeline(input: String, _ formatter: any TranscriptFormatter, probe: TenthsProbe)
  {
    let descriptor = open(input, O_RDONLY)
    defer { close(descriptor) }
    let clock = VirtualClock()
    let runtime = Runtime(
      simulating: .init(), seed: 1, state: AppState(), clock: clock,
      renderers: [
        StreamRenderer(
          formatter, sink: try! FileSink.create(path: "/dev/null", writesThrough: false)), probe,
      ])
    _ = try! runtime.run(FileInput(descriptor: descriptor))
  }
}
