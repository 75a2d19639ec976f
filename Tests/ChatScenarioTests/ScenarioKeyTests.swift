import ChatCore
import ChatRendering
import ChatRuntime
import ChatScenario
import JSONLinesRenderer
import LogRenderer
import Testing

/// A renderer that keeps the keys it was told of.
private final class KeyWatcher: Renderer {
  var keys: [ScreenKey] = []
  func start(_ state: AppState) {}
  func render(_ state: AppState) {}
  func show(_ notice: Notice, in state: AppState) {}
  func flush() {}
  func finish(_ state: AppState) {}
  func press(_ key: ScreenKey, in state: AppState) -> ScreenKey.Outcome {
    keys.append(key)
    return .done
  }
}

/// The full screen's keys in scenarios (`key PgUp`): read, written back, and played, a switch
/// as the command it types and the view's keys to the renderers alone.
@Suite(.timeLimit(.minutes(10))) struct ScenarioKeyTests {
  @Test func keysReadByNameInAnyCaseAndWriteBack() throws {
    let scenario = try ScenarioParser.parse(
      Array("0ms key PgUp\n+1s key alt-3\n+1s   key  ALT-SHIFT-n  \n".utf8), file: "k.chat")
    #expect(
      scenario.entries == [
        Scenario.Entry(milliseconds: 0, event: .pressed(.pageUp)),
        Scenario.Entry(milliseconds: 1000, event: .pressed(.window(3))),
        Scenario.Entry(milliseconds: 2000, event: .pressed(.toggleNickList)),
      ])
    let written = ScenarioWriter.text(of: scenario)
    #expect(written == "0.000s key PgUp\n1.000s key Alt-3\n2.000s key Alt-Shift-N\n")
    #expect(try ScenarioParser.parse(Array(written.utf8), file: "w.chat") == scenario)
  }

  @Test(arguments: ["key", "key Home", "key PgUp PgDn", "key Alt-11"])
  func anUnknownKeyIsRefused(line: String) {
    #expect(throws: ScenarioError.self) {
      try ScenarioParser.parse(Array("0ms \(line)\n".utf8), file: "k.chat")
    }
  }

  @Test func anUnknownKeyNamesTheKeysThereAre() {
    #expect {
      try ScenarioParser.parse(Array("0ms key Home\n".utf8), file: "k.chat")
    } throws: { error in
      "\(error)"
        == "k.chat:1: invalid key 'Home': expected a key of the full screen (PgUp, PgDn,"
        + " Alt-1 … Alt-0, Ctrl-N, Ctrl-P, Alt-A, Alt-Shift-B, Alt-Shift-N)"
    }
  }

  /// PgUp and the lists' toggles reach the renderers, which print nothing for them: the log
  /// and JSON lines are those of the same scenario without its keys.
  @Test func keysOfTheViewChangeNoOtherRenderer() throws {
    let lines = [
      "0ms | one", "100ms | /join #room", "200ms key PgUp", "300ms | two",
      "400ms key Alt-Shift-B", "500ms key pgdn", "600ms key Alt-Shift-N", "1.6s | /quit",
    ]
    func play(_ lines: [String]) throws -> (String, String, [ScreenKey]) {
      let scenario = try ScenarioParser.parse(
        Array(lines.joined(separator: "\n").utf8), file: "k.chat")
      let log = MemorySink()
      let json = MemorySink()
      let watcher = KeyWatcher()
      _ = try scenario.play(renderers: [
        StreamRenderer(LogFormatter(), sink: log), StreamRenderer(JSONLinesFormatter(), sink: json),
        watcher,
      ])
      return (log.text, json.text, watcher.keys)
    }
    let (log, json, keys) = try play(lines)
    let (plainLog, plainJSON, none) = try play(lines.filter { !$0.contains("key") })
    #expect(keys == [.pageUp, .toggleBufferList, .pageDown, .toggleNickList])
    #expect(none.isEmpty)
    #expect(log.contains("two"))
    #expect(log == plainLog)
    #expect(json == plainJSON)
  }

  /// A switching key is the command it stands for, in every renderer: Alt-1 plays as
  /// `/win 1` typed then, and Alt-9 with two conversations open does nothing.
  @Test func aSwitchingKeyPlaysAsTheCommandItTypes() throws {
    func log(_ lines: [String]) throws -> (String, [ScreenKey]) {
      let scenario = try ScenarioParser.parse(
        Array(lines.joined(separator: "\n").utf8), file: "k.chat")
      let log = MemorySink()
      let watcher = KeyWatcher()
      _ = try scenario.play(renderers: [StreamRenderer(LogFormatter(), sink: log), watcher])
      return (log.text, watcher.keys)
    }
    let (pressed, keys) = try log(["0ms | /join #room", "+1s key Alt-1", "+1s key Alt-9"])
    let (typed, _) = try log(["0ms | /join #room", "+1s | /win 1"])
    #expect(pressed == typed)
    #expect(pressed.contains("now talking here"))
    #expect(keys.isEmpty)
  }

  /// `--record` keeps a key pressed at the terminal as a `key` entry, which plays it again.
  @Test func aRecordingKeepsTheKeysPressed() throws {
    let sink = MemorySink()
    let recorder = try ScenarioRecorder(start: .virtualEpoch, settings: Scenario(), sink: sink)
    let instant = Timestamp.virtualEpoch.advanced(byMilliseconds: 1500)
    try recorder.loop(
      takes: [.pressed(.pageUp), .pressed(.window(10))], at: instant, overtaking: 0)
    #expect(sink.text == "1.500s key PgUp\n1.500s key Alt-0\n")
  }
}
