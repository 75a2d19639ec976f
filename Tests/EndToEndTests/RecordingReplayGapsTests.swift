import ChatCore
import ChatIRC
import ChatProfile
import ChatRendering
import ChatScenario
import LogRenderer
import Testing

@testable import ChatCommandLine

/// What a recording keeps so that its replay is exact: the pacing, an STS upgrade before
/// connecting, a line crossing the cap while it arrives, and how the run ended.
@Suite(.timeLimit(.minutes(10))) struct RecordingReplayGapsTests {
  static let header = """
    name bot
    server ircs://irc.example.net:6697
    channels #chat
    start 2026-12-01T14:00:00.000Z

    """

  /// The registration a replay needs before a line can reach the core.
  static let registered = """
    1ms connecting
    2ms connected
    1s < :irc.test 001 bot :Welcome
    1s < :bot!bot@h JOIN :#chat

    """

  private func parse(_ text: String) throws -> Scenario {
    try ScenarioParser.parse(Array(text.utf8), file: "r.chat")
  }

  /// Plays `scenario`, returning how it ended and the log with its notices.
  private func play(_ scenario: Scenario) throws -> (Scenario.Ending, String) {
    let log = MemorySink()
    let ending = try ChatCommand.play(
      scenario, renderers: [StreamRenderer(LogFormatter(), sink: log)])
    return (ending, String(decoding: log.bytes, as: UTF8.self))
  }

  @Test func pacingAndAnSTSUpgradeReadAndWriteBackAsTheyRead() throws {
    let scenario = try parse(
      Self.header + "pacing 2/500\nsts-upgraded-from irc://irc.example.net:6667\n\n0ms connecting\n"
    )
    #expect(
      scenario.network?.pacing == IRCTokenBucket.Settings(burst: 2, intervalMilliseconds: 500))
    #expect(scenario.network?.stsUpgradedFrom?.description == "irc://irc.example.net:6667")
    let written = ScenarioWriter.text(of: scenario)
    #expect(written.contains("\npacing 2/500\nsts-upgraded-from irc://irc.example.net:6667\n"))
    #expect(try parse(written) == scenario)
  }

  /// The default pacing is not written: a recording made at the default reads as before.
  @Test func theDefaultPacingIsLeftOut() throws {
    var scenario = try parse(Self.header)
    scenario.network?.pacing = .default
    #expect(!ScenarioWriter.text(of: scenario).contains("pacing"))
    #expect(try parse(Self.header + "pacing 5/1000\n").network?.pacing == .default)
    #expect(try parse(Self.header).network?.pacing == .default)
  }

  @Test(arguments: [
    ("pacing 0/10", "r.chat:5: invalid pacing '0/10': expected BURST/MS"),
    ("pacing 5", "r.chat:5: invalid pacing '5': expected BURST/MS"),
    ("pacing +5/10", "r.chat:5: invalid pacing '+5/10': expected BURST/MS"),
    ("pacing 5/60001", "r.chat:5: invalid pacing '5/60001': expected BURST/MS"),
    (
      "sts-upgraded-from ircs://irc.example.net:6697",
      "r.chat:5: invalid sts-upgraded-from 'ircs://irc.example.net:6697': expected irc://HOST:PORT"
    ),
    (
      "sts-upgraded-from irc://other.example.net:6667",
      "r.chat:5: sts-upgraded-from needs a 'server' on the same host over TLS (ircs://)"
    ),
  ])
  func aMalformedSettingNamesItsLine(setting: String, message: String) throws {
    let text = Self.header + setting + "\n"
    let error = #expect(throws: ScenarioError.self) { try parse(text) }
    #expect(error?.description.hasPrefix(message) == true, "\(String(describing: error))")
  }

  @Test func aRecordingOfTheSimulatedPeerTakesNoPacing() {
    let error = #expect(throws: ScenarioError.self) { try parse("pacing 1/10\n0ms | hi\n") }
    #expect(
      error?.description
        == "r.chat:1: setting 'pacing' needs a 'server' setting: only a recording takes it")
  }

  /// Live, a remembered policy said so as the first dial began; the replay says it at the
  /// recorded dial (1 ms after the start here), before the dial's own status.
  @Test func anSTSUpgradeBeforeConnectingIsToldFirst() throws {
    let scenario = try parse(
      Self.header + "sts-upgraded-from irc://irc.example.net:6667\n\n" + Self.registered
        + "2s end\n")
    let (_, log) = try play(scenario)
    #expect(
      log.hasPrefix(
        "14:00:00.001 -!- an STS policy for irc.example.net upgrades the connection to TLS on port"
          + " 6697\n14:00:00.001 * connecting\n"), "\(log)")
  }

  /// `--tls-ca`/`--tls-cert` on a plaintext server: the flags (never their files) are kept,
  /// and the replay tells their notice at the recorded dial, before its status, as live.
  @Test func tlsOptionsWaitingForAnUpgradeAreToldFirst() throws {
    let plaintext = """
      name bot
      server irc://irc.example.net:6697
      channels #chat
      start 2026-12-01T14:00:00.000Z

      """
    let scenario = try parse(
      plaintext + "tls-awaits-upgrade --tls-ca --tls-cert\n\n" + Self.registered + "2s end\n")
    #expect(scenario.network?.tlsOptionsAwaitingUpgrade == ["--tls-ca", "--tls-cert"])
    let written = ScenarioWriter.text(of: scenario)
    #expect(written.contains("\ntls-awaits-upgrade --tls-ca --tls-cert\n"), "\(written)")
    #expect(try parse(written) == scenario)
    let (_, log) = try play(scenario)
    #expect(
      log.hasPrefix(
        "14:00:00.001 -!- irc.example.net:6697 is plaintext: --tls-ca and --tls-cert apply only"
          + " if the server's STS policy upgrades the connection to TLS\n"
          + "14:00:00.001 * connecting\n"), "\(log)")
    for (setting, message) in [
      ("tls-awaits-upgrade /home/me/ca.pem", "r.chat:5: invalid tls-awaits-upgrade"),
      ("tls-awaits-upgrade --tls-ca --tls-ca", "r.chat:5: invalid tls-awaits-upgrade"),
    ] {
      let error = #expect(throws: ScenarioError.self) { try parse(plaintext + setting + "\n") }
      #expect(error?.description.hasPrefix(message) == true, "\(String(describing: error))")
    }
    let overTLS = #expect(throws: ScenarioError.self) {
      try parse(Self.header + "tls-awaits-upgrade --tls-ca\n")
    }
    #expect(
      overTLS?.description.hasPrefix("r.chat:5: invalid tls-awaits-upgrade '--tls-ca'") == true,
      "\(String(describing: overTLS))")
  }

  /// `overflowing` says the line is dropped as it arrives, when it crossed the cap; the
  /// notice at its end, within the second, is then counted into the next one, as live.
  @Test func aLineCrossingTheCapIsToldWhenItCrossesIt() throws {
    let scenario = try parse(
      Self.header + "\n" + Self.registered + """
        2s overflowing 8701
        2.5s oversized 100000
        3.5s < :irc.test
        4s end
        """)
    let (_, log) = try play(scenario)
    let ignored = log.split(separator: "\n").filter { $0.contains("ignored") }
    #expect(ignored.count == 2, "\(log)")
    #expect(
      ignored.first.map(String.init)
        == "14:00:02.000 -!- ignored a line from the server: a line from the server is over the"
        + " limit of 8701 bytes: dropping it as it arrives", "\(log)")
    #expect(
      ignored.last?.hasSuffix("(and 1 more line ignored before it)") == true, "\(log)")
  }

  /// A first connection closed before registering: piped, the engine gives up (exit 69); in
  /// line mode (`line-mode yes`) it says so and reconnects, as live.
  @Test func lineModeRetriesAFirstConnectionLostBeforeRegistering() throws {
    let entries = "1ms connecting\n2ms connected\n5ms closed the server closed the connection\n"
    let (piped, pipedLog) = try play(try parse(Self.header + entries + "1s end\n"))
    let failure = piped.state.sessionFailure
    #expect(failure?.reason.contains("the server closed the connection") == true, "\(pipedLog)")
    #expect(failure?.exitStatus == 69)
    #expect(!pipedLog.contains("reconnecting"), "\(pipedLog)")
    let lineMode = try parse(
      Self.header + "line-mode yes\n" + entries
        + "1s end\n")
    #expect(lineMode.network?.isLineMode == true)
    #expect(ScenarioWriter.text(of: lineMode).contains("\nline-mode yes\n"))
    let (ending, log) = try play(lineMode)
    #expect(ending.state.sessionFailure == nil, "\(log)")
    #expect(log.contains("reconnecting to irc.example.net:6697"), "\(log)")
  }

  /// How a replay ended: the recorded signal after `end`, a recorded attempt not retried.
  @Test func aReplaySaysHowTheRunEnded() throws {
    let stopped = try parse(
      Self.header + "keep-listening yes\n"
        + Self.registered + "2s end\n5s signal 15\n")
    #expect(try play(stopped).0.outcome == .terminated(signal: 15))
    let refused = try parse(
      Self.header + "\n0ms connecting\n0ms gave-up connection refused\n0ms quit\n")
    let (ending, _) = try play(refused)
    #expect(ending.outcome == .completed)
    #expect(
      ending.state.sessionFailure == SessionFailure(reason: "connection refused", exitStatus: 69))
    #expect(ending.state.exitStatus == 69)
  }
}
