import ChatCore
import ChatRendering
import ChatScenario
import JSONLinesRenderer
import LogRenderer
import Testing

@testable import ChatCommandLine

/// A hand-made recording replayed through the IRC session's engine, wired as its live run
/// was (`ChatCommand.play`).
@Suite(.timeLimit(.minutes(10))) struct RecordingReplayTests {
  /// The recording of ChatScenarioTests' `RecordingFormatTests`.
  static let recording = """
    # A recording, by hand.
    seed 7
    name bot
    server irc://127.0.0.1:6667
    channels #chat
    start 2026-12-01T14:00:00.000Z
    utc-offset 3600

    0.002s connecting
    0.003s connected
    0.003s > CAP LS 302
    0.010s < :irc.test CAP * LS :echo-message message-tags server-time labeled-response batch
    0.010s > CAP REQ :echo-message message-tags server-time labeled-response batch
    0.011s < :irc.test CAP bot ACK :echo-message message-tags server-time labeled-response batch
    1.000s < :irc.test 001 bot :Welcome
    1.005s < :bot!bot@127.0.0.1 JOIN :#chat
    1.005s < :irc.test 353 bot = #chat :@alice bot
    1.005s < :irc.test 366 bot #chat :End of /NAMES list.
    1.100s <"@time=2026-12-01T14:00:01.100Z;msgid=m1 :alice!a@h PRIVMSG #chat :\\e[2Jhi"
    1.100s reached 7
    1.100s | typed before alice's line reached the core
    1.200s < @time=2026-12-01T14:00:01.200Z;msgid=m1 :alice!a@h PRIVMSG #chat :again, same msgid
    2.000s oversized 9000
    2.500s closed the server closed the connection
    3.500s signal 15

    """

  /// The hand-made recording through every step of the engine: the typed line reaches the
  /// core before alice's line, read in its turn (`reached`: the core had been handed 7 actions), a second delivery of a msgid is shown
  /// once, an ESC shows as its stand-in, times are the recording's, in its time zone, and the
  /// session's notices (an ignored line, the loss, the reconnect) are in the log as live. The
  /// typed line, written but unconfirmed when the link went, is still pending at the signal:
  /// it waits for the channel's history on rejoining.
  @Test func aRecordingReplaysThroughTheEngineAtItsTimes() throws {
    let scenario = try ScenarioParser.parse(Array(Self.recording.utf8), file: "r.chat")
    let log = MemorySink()
    let jsonl = MemorySink()
    let ending = try ChatCommand.play(
      scenario,
      renderers: [
        StreamRenderer(LogFormatter(utcOffsetSeconds: 3600), sink: log),
        StreamRenderer(JSONLinesFormatter(), sink: jsonl),
      ])
    #expect(ending.outcome == .terminated(signal: 15))
    let text = String(decoding: log.bytes, as: UTF8.self)
    #expect(
      text == """
        15:00:00.002 * connecting
        15:00:01.000 * connected
        15:00:01.005 [#chat] -- you joined
        15:00:01.005 [#chat] -- 2 members (/names lists them)
        15:00:01.100 [#chat] alice: ␛[2Jhi
        15:00:02.000 -!- ignored a line from the server: a line of 9000 bytes is over the limit: dropped
        15:00:02.500 * disconnected
        15:00:02.500 -!- disconnected: the server closed the connection
        15:00:02.500 -!- reconnecting to 127.0.0.1:6667 in 0.5 s

        """)
    let lines = String(decoding: jsonl.bytes, as: UTF8.self).split(separator: "\n")
    let sent = lines.firstIndex { $0.contains("\"type\":\"sent\"") }
    let received = lines.firstIndex { $0.contains("\"sender\":\"alice\"") }
    #expect(sent != nil && received != nil && sent! < received!, "\(lines)")
  }
}
