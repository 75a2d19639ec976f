import ChatCore
import ChatIRC
import ChatProfile
import ChatRendering
import ChatScenario
import ChatSession
import JSONLinesRenderer
import LogRenderer
import Testing

/// Recordings in the scenario format: what they read as, that they write back as read, and
/// and that they write back as read (their replay: EndToEndTests' RecordingReplayTests).
@Suite(.timeLimit(.minutes(10))) struct RecordingFormatTests {
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

  @Test func aRecordingReadsAsItsSettingsAndEntries() throws {
    let scenario = try ScenarioParser.parse(Array(Self.recording.utf8), file: "r.chat")
    var network = ConnectionProfile(
      server: ServerAddress(host: "127.0.0.1", port: 6667, usesTLS: false), nick: "bot",
      channels: ["#chat"])
    network.seed = 7
    #expect(scenario.network == network)
    #expect(scenario.name == "bot")
    #expect(scenario.utcOffsetSeconds == 3600)
    #expect(scenario.start == Timestamp(millisecondsSinceEpoch: 1_796_133_600_000))
    #expect(scenario.entries.count == 17)
    #expect(scenario.entries[0] == Scenario.Entry(milliseconds: 2, event: .link(.dialing)))
    #expect(
      scenario.entries[10].event
        == .link(
          .received(
            "@time=2026-12-01T14:00:01.100Z;msgid=m1 :alice!a@h PRIVMSG #chat :\u{1B}[2Jhi")))
    #expect(scenario.entries[11].event == .reached(count: 7))
    #expect(scenario.entries[14].event == .link(.oversized(byteCount: 9000)))
    #expect(
      scenario.entries[15].event == .link(.closed(reason: "the server closed the connection")))
    #expect(scenario.entries[16].event == .signal(15))
  }

  @Test func aRecordingWritesBackAsItReads() throws {
    let scenario = try ScenarioParser.parse(Array(Self.recording.utf8), file: "r.chat")
    let written = ScenarioWriter.text(of: scenario)
    #expect(try ScenarioParser.parse(Array(written.utf8), file: "w.chat") == scenario)
    #expect(written.contains("\n1.100s <\"@time="), "\(written)")
    #expect(written.contains("\n2.000s oversized 9000\n"), "\(written)")
    #expect(written.contains("\nutc-offset 3600\n"), "\(written)")
  }

  /// `--history` is kept when not the default, so the replay asks what live asked.
  @Test func theHistoryCountIsKeptInTheHeader() throws {
    let asked = Self.recording.replacingOccurrences(
      of: "channels #chat\n", with: "channels #chat\nhistory 0\n")
    let scenario = try ScenarioParser.parse(Array(asked.utf8), file: "r.chat")
    #expect(scenario.network?.history == 0)
    let written = ScenarioWriter.text(of: scenario)
    #expect(written.contains("\nhistory 0\n"), "\(written)")
    #expect(try ScenarioParser.parse(Array(written.utf8), file: "w.chat") == scenario)
    let plain = try ScenarioParser.parse(Array(Self.recording.utf8), file: "r.chat")
    #expect(plain.network?.history == 50)
    #expect(!ScenarioWriter.text(of: plain).contains("\nhistory "))
    for bad in ["-1", "x", "100001", ""] {
      let text = Self.recording.replacingOccurrences(
        of: "channels #chat\n", with: "channels #chat\nhistory \(bad)\n")
      #expect(throws: ScenarioError.self) { try ScenarioParser.parse(Array(text.utf8), file: "b") }
    }
  }

  /// `--no-typing` is kept (`typing no`), so the replay's line mode tells no typing either;
  /// a run that told it writes nothing, as recordings made before it existed.
  @Test func noTypingIsKeptInTheHeader() throws {
    let quiet = Self.recording.replacingOccurrences(
      of: "channels #chat\n", with: "channels #chat\ntyping no\n")
    let scenario = try ScenarioParser.parse(Array(quiet.utf8), file: "r.chat")
    #expect(scenario.network?.sendsTyping == false)
    let written = ScenarioWriter.text(of: scenario)
    #expect(written.contains("\ntyping no\n"), "\(written)")
    #expect(try ScenarioParser.parse(Array(written.utf8), file: "w.chat") == scenario)
    let plain = try ScenarioParser.parse(Array(Self.recording.utf8), file: "r.chat")
    #expect(plain.network?.sendsTyping == true)
    #expect(!ScenarioWriter.text(of: plain).contains("\ntyping "))
    let bad = Self.recording.replacingOccurrences(
      of: "channels #chat\n", with: "channels #chat\ntyping maybe\n")
    #expect(throws: ScenarioError.self) { try ScenarioParser.parse(Array(bad.utf8), file: "b") }
  }

  /// The networks file's `monitor` nicks are kept, so the replay watches what live watched.
  @Test func theWatchedNicksAreKeptInTheHeader() throws {
    let watching = Self.recording.replacingOccurrences(
      of: "channels #chat\n", with: "channels #chat\nmonitor bob,carol\n")
    let scenario = try ScenarioParser.parse(Array(watching.utf8), file: "r.chat")
    #expect(scenario.network?.monitor == ["bob", "carol"])
    let written = ScenarioWriter.text(of: scenario)
    #expect(written.contains("\nmonitor bob,carol\n"), "\(written)")
    #expect(try ScenarioParser.parse(Array(written.utf8), file: "w.chat") == scenario)
    let plain = try ScenarioParser.parse(Array(Self.recording.utf8), file: "r.chat")
    #expect(plain.network?.monitor == [])
    #expect(!ScenarioWriter.text(of: plain).contains("\nmonitor "))
    for bad in ["", ",", "bob,,carol"] {
      let text = Self.recording.replacingOccurrences(
        of: "channels #chat\n", with: "channels #chat\nmonitor \(bad)\n")
      #expect(throws: ScenarioError.self) { try ScenarioParser.parse(Array(text.utf8), file: "b") }
    }
  }

  /// A pinned fingerprint is public: the header keeps it, and reads it back; only a TLS
  /// server can go with it.
  @Test func aPinnedFingerprintIsKeptInTheHeader() throws {
    let hex = String(repeating: "ab", count: 32)
    let tls = Self.recording.replacingOccurrences(
      of: "server irc://127.0.0.1:6667\n",
      with: "server ircs://127.0.0.1:6697\ntls-fingerprint \(hex.uppercased())\n")
    let scenario = try ScenarioParser.parse(Array(tls.utf8), file: "r.chat")
    #expect(scenario.network?.tlsFingerprint?.hex == hex)
    let written = ScenarioWriter.text(of: scenario)
    #expect(written.contains("\ntls-fingerprint \(hex)\n"), "\(written)")
    #expect(try ScenarioParser.parse(Array(written.utf8), file: "w.chat") == scenario)

    let plaintext = Self.recording.replacingOccurrences(
      of: "channels #chat\n", with: "channels #chat\ntls-fingerprint \(hex)\n")
    #expect(throws: ScenarioError.self) {
      try ScenarioParser.parse(Array(plaintext.utf8), file: "p.chat")
    }
    let error = try? #require(throws: ScenarioError.self) {
      try ScenarioParser.parse(Array(plaintext.utf8), file: "p.chat")
    }
    #expect(error?.description.hasPrefix("p.chat:6: ") == true, "\(String(describing: error))")
  }

  @Test func everyLinkEventWritesBackAsItReads() throws {
    let events: [LinkEvent] = [
      .dialing, .connected, .hungUp, .received(""), .received("\"quoted\""),
      .received(" leading space"), .oversized(byteCount: 1), .overflowing(maximumLineBytes: 8701),
      .wrote("NICK bot"),
      .wrote("AUTHENTICATE <redacted>"), .closed(reason: "a \u{1B} reason"),
      .failed(reason: "refused", retrying: true), .failed(reason: "", retrying: false),
    ]
    var scenario = Scenario(
      seed: 1, name: "bot",
      network: ConnectionProfile(
        server: ServerAddress(host: "::1", port: 6697, usesTLS: true), nick: "bot"),
      start: Timestamp(millisecondsSinceEpoch: 0))
    scenario.network?.sasl = ConnectionProfile.SASL(.plain(user: "bot"))
    scenario.network?.tlsInsecure = true
    scenario.entries = events.enumerated().map {
      Scenario.Entry(milliseconds: Int64($0.offset), event: .link($0.element))
    }
    let written = ScenarioWriter.text(of: scenario)
    #expect(written.contains("server ircs://[::1]:6697\n"), "\(written)")
    #expect(try ScenarioParser.parse(Array(written.utf8), file: "w.chat") == scenario)
  }
}
