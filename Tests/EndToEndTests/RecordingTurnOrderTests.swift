import ChatCore
import ChatIRC
import ChatProfile
import ChatRendering
import ChatRuntime
import ChatScenario
import ChatSession
import Foundation
import JSONLinesRenderer
import Testing

@testable import ChatCommandLine

/// Typed steps and link entries that live met in one turn of the loop: the recording says
/// how many of the session's actions the core had been handed at each (`reached N`), and the
/// replay hands on exactly those first. The recordings below are the ones piped runs wrote
/// against a server that closes right after `USER` (the interleavings that made the replay
/// exit 75 where live exited 69), with the JSONL live printed. They were recorded when the
/// input still quit for a session that gave up (the `quit` entries): that quit ends the run
/// before the close, and the `.gaveUp` after it, reaches the core. A run now ends at the
/// session's `.gaveUp` itself and records no such quit (see `ReplayExitStatusTests`).
@Suite(.timeLimit(.minutes(10))) struct RecordingTurnOrderTests {
  static let header = """
    seed 7
    name bot
    server irc://127.0.0.1:6667
    channels #chat
    start 2026-12-01T17:00:00.000Z
    utc-offset 0

    0.000s connecting
    0.000s reached 2
    0.001s connected
    0.001s > CAP LS 302
    0.001s > NICK bot
    0.001s > USER bot 0 * chat

    """

  /// What live printed: the close never reached the core, since the run quit first.
  static func live(pending: Int) -> String {
    """
    {"type":"start","seq":1,"schema":2,"title":"127.0.0.1","user":"bot","conversation":"127.0.0.1"}
    {"type":"status","seq":2,"status":"connecting"}
    {"type":"end","seq":3,"messages":0,"failed":0,"pending":\(pending)}

    """
  }

  /// Replays `text`, returning how it ended and its JSONL.
  private func replay(_ text: String) throws -> (Scenario.Ending, String) {
    let scenario = try ScenarioParser.parse(Array(text.utf8), file: "r.chat")
    let jsonl = MemorySink()
    let ending = try ChatCommand.play(
      scenario, renderers: [StreamRenderer(JSONLinesFormatter(), sink: jsonl)])
    return (ending, String(decoding: jsonl.bytes, as: UTF8.self))
  }

  /// End of input, then the close read in a later turn of the same millisecond, whose
  /// giving up made the input quit before the close's action reached the core: the close
  /// plays between the two steps (the run gives up: 69), and its action stays unshown.
  @Test func aCloseBetweenEndOfInputAndTheQuitItCausedPlaysBetweenThem() throws {
    let (ending, jsonl) = try replay(
      Self.header + """
        0.001s | /msg #chat hello
        0.002s end
        0.002s closed the server closed the connection
        0.002s reached 2
        0.002s quit

        """)
    #expect(ending.outcome == .completed, "\(jsonl)")
    #expect(jsonl == Self.live(pending: 1))
  }

  /// Several typed lines, end of input, the close and the quit, all in one millisecond: the
  /// lines wait for registration, and the close's action and the report of the queued lines
  /// never reached the core, as live.
  @Test func typedLinesAndACloseInOneMillisecondReplayInTheirOrder() throws {
    let (ending, jsonl) = try replay(
      Self.header + """
        0.004s | /msg #chat one
        0.004s | /msg #chat two
        0.004s | /msg #chat three
        0.004s | /list
        0.004s end
        0.004s closed the server closed the connection
        0.004s reached 2
        0.004s quit

        """)
    #expect(ending.outcome == .completed, "\(jsonl)")
    #expect(jsonl == Self.live(pending: 3))
    #expect(!jsonl.contains("queued"), "\(jsonl)")
  }

  /// The dial, the connection and its close in one millisecond but in separate turns: the
  /// core was told of the dial (and the link's status) before the client was fed the rest,
  /// and the run quit in the next millisecond before the close reached it. The replay hands
  /// on those two before it plays the connection, as live, rather than all of it together.
  @Test func actionsHandedOnBetweenEntriesOfOneMillisecondGoFirst() throws {
    let (ending, jsonl) = try replay(
      Self.header.replacing("0.001s", with: "0.000s") + """
        0.000s closed the server closed the connection
        0.001s reached 2
        0.001s quit
        0.001s quit

        """)
    #expect(ending.outcome == .completed, "\(jsonl)")
    #expect(jsonl == Self.live(pending: 0))
  }

  /// The recorder says where the core stood when it differs from what a replay does by
  /// itself: between two link entries of one millisecond that had actions handed on between
  /// them, and before a step typed while actions still waited. Its recording replays as the
  /// run went: the close, then the quit before the close reached the core.
  @Test func theRecorderSaysHowManyActionsHadReachedTheCore() throws {
    let sink = MemorySink()
    let start = Timestamp(millisecondsSinceEpoch: 1_796_144_400_000)
    var settings = Scenario(seed: 7, name: "bot")
    let network = ConnectionProfile(
      server: ServerAddress(host: "127.0.0.1", port: 6667, usesTLS: false), nick: "bot",
      channels: ["#chat"])
    settings.network = network
    settings.start = start
    settings.utcOffsetSeconds = 0
    let recorder = try ScenarioRecorder(start: start, settings: settings, sink: sink)
    func at(_ milliseconds: Int64) -> Timestamp { start.advanced(byMilliseconds: milliseconds) }
    // What the loop relays and tells, in its order; `waiting` as the session counted them.
    func link(_ event: LinkEvent, at milliseconds: Int64, waiting: Int = 0) throws {
      try recorder.loop(relays: LinkReport(event, at: at(milliseconds), waitingActions: waiting))
    }
    func take(_ step: [InputEvent], at milliseconds: Int64, waiting: Int = 0) throws {
      try recorder.loop(takes: step, at: at(milliseconds), overtaking: waiting)
    }
    try link(.dialing, at: 0, waiting: 1)  // The first report of the link's status.
    // The loop handed on `connecting` and the link's status.
    recorder.loop(dispatches: .session(.connecting(time: at(0))))
    recorder.loop(dispatches: .session(.linkChanged(LinkStatus(), time: at(0))))
    try link(.connected, at: 0)
    for line in ["CAP LS 302", "NICK bot", "USER bot 0 * chat"] { try link(.wrote(line), at: 0) }
    try take([.line("/msg #chat hello")], at: 1)
    try take([.ended], at: 2)
    try link(.closed(reason: "the server closed the connection"), at: 2)
    // The close's action waits: the run gave up, and quit in the same turn.
    try take([.quitRequested], at: 2, waiting: 1)
    let text = String(decoding: sink.bytes, as: UTF8.self)
    let entries = text.split(separator: "\n\n", maxSplits: 1).last.map(String.init) ?? ""
    #expect(
      entries == """
        0.000s connecting
        0.000s reached 2
        0.000s connected
        0.000s > CAP LS 302
        0.000s > NICK bot
        0.000s > USER bot 0 * chat
        0.001s | /msg #chat hello
        0.002s end
        0.002s closed the server closed the connection
        0.002s reached 2
        0.002s quit

        """)
    let (ending, jsonl) = try replay(text)
    #expect(ending.outcome == .completed, "\(jsonl)")
    #expect(jsonl == Self.live(pending: 1))
  }

  /// Lines pasted at a terminal are typed in turns of their own (readline takes a key a
  /// turn), and the session's actions can reach the core between two lines typed in one
  /// millisecond: the first line's "goes out in N parts", the report of lines queued for
  /// pacing, an echo. A replay types the lines of one instant as one step unless something
  /// stands between them, so the recorder says how many actions had reached the core before
  /// the second (`reached`); lines with nothing between them stay one step.
  @Test func actionsBetweenTwoLinesOfOneMillisecondAreRecordedBetweenThem() throws {
    let sink = MemorySink()
    let start = Timestamp(millisecondsSinceEpoch: 1_796_144_400_000)
    var settings = Scenario(seed: 7, name: "bot")
    settings.network = ConnectionProfile(
      server: ServerAddress(host: "127.0.0.1", port: 6667, usesTLS: false), nick: "bot",
      channels: ["#chat"])
    settings.start = start
    let recorder = try ScenarioRecorder(start: start, settings: settings, sink: sink)
    func at(_ milliseconds: Int64) -> Timestamp { start.advanced(byMilliseconds: milliseconds) }
    try recorder.loop(relays: LinkReport(.dialing, at: at(0)))
    recorder.loop(dispatches: .session(.connecting(time: at(0))))
    try recorder.loop(takes: [.line("a long line")], at: at(5), overtaking: 0)
    recorder.loop(dispatches: .user(.submitted(text: "a long line", id: UUID(), time: at(5))))
    // The next turn, in the same millisecond: the split's notice and the queued lines.
    recorder.loop(dispatches: .session(.noticed(.messageSplit(parts: 2), time: at(5))))
    recorder.loop(dispatches: .session(.linkChanged(LinkStatus(queuedLines: 2), time: at(5))))
    try recorder.loop(takes: [.line("short")], at: at(5), overtaking: 0)
    try recorder.loop(takes: [.line("shorter")], at: at(5), overtaking: 0)
    let text = String(decoding: sink.bytes, as: UTF8.self)
    #expect(
      text.hasSuffix(
        """
        0.000s connecting
        0.005s | a long line
        0.005s reached 3
        0.005s | short
        0.005s | shorter

        """), "\(text)")
  }

  /// A line the pacing lets out begins an instant (`>`), the loop hands the core the report
  /// of the emptied queue, and a line read in that same millisecond follows: a replay plays
  /// an instant's entries before handing any of their actions on, so the recorder says how
  /// many had reached the core before the line read (seen registering with `--pacing 3/10`:
  /// the replay had two reports of the queue fewer, and a message overtook a typed line).
  @Test func aLineReadAfterAPacedWriteOfItsMillisecondSaysWhatReachedTheCore() throws {
    let sink = MemorySink()
    let start = Timestamp(millisecondsSinceEpoch: 1_796_144_400_000)
    var settings = Scenario(seed: 7, name: "bot")
    settings.network = ConnectionProfile(
      server: ServerAddress(host: "127.0.0.1", port: 6667, usesTLS: false), nick: "bot")
    settings.start = start
    let recorder = try ScenarioRecorder(start: start, settings: settings, sink: sink)
    func at(_ milliseconds: Int64) -> Timestamp { start.advanced(byMilliseconds: milliseconds) }
    try recorder.loop(relays: LinkReport(.dialing, at: at(0)))
    recorder.loop(dispatches: .session(.connecting(time: at(0))))
    try recorder.loop(relays: LinkReport(.received(":irc.test CAP * LS :echo-message"), at: at(15)))
    recorder.loop(dispatches: .session(.linkChanged(LinkStatus(queuedLines: 1), time: at(15))))
    try recorder.loop(relays: LinkReport(.wrote("CAP REQ :echo-message"), at: at(25)))
    recorder.loop(dispatches: .session(.linkChanged(LinkStatus(), time: at(25))))
    try recorder.loop(
      relays: LinkReport(.received(":irc.test CAP bot ACK :echo-message"), at: at(25)))
    let text = String(decoding: sink.bytes, as: UTF8.self)
    #expect(
      text.hasSuffix(
        """
        0.025s > CAP REQ :echo-message
        0.025s reached 3
        0.025s < :irc.test CAP bot ACK :echo-message

        """), "\(text)")
  }

  /// `reached` reads and writes back, and needs a count.
  @Test func reachedReadsAndWritesBack() throws {
    let scenario = try ScenarioParser.parse(
      Array((Self.header + "0.002s reached 0\n0.002s end\n").utf8), file: "r.chat")
    #expect(scenario.entries.contains { $0.event == .reached(count: 0) })
    #expect(
      try ScenarioParser.parse(Array(ScenarioWriter.text(of: scenario).utf8), file: "w.chat")
        == scenario)
    #expect(throws: ScenarioError.self) {
      try ScenarioParser.parse(Array((Self.header + "0.002s reached many\n").utf8), file: "r")
    }
  }
}
