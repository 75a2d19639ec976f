import ChatCore
import ChatRendering
import Foundation
import JSONLinesRenderer
import LogRenderer
import Testing

/// What a session tells the user, in the piped formats: a `-!-` line in the log, a `notice`
/// object in JSON lines; and the `--tls-insecure` indicator in both.
@Suite(.timeLimit(.minutes(10))) struct SessionNoticeRenderingTests {
  static let time = Timestamp.virtualEpoch.advanced(byMilliseconds: 250)

  /// Runs `actions` through `update` and `renderer` as the loop does (render, then show the
  /// notices), starting from `state`; returns the sink's text.
  static func run(
    _ formatter: some TranscriptFormatter, _ actions: [Action], state: AppState = AppState()
  ) throws -> String {
    let sink = MemorySink()
    let renderer = StreamRenderer(formatter, sink: sink)
    var state = state
    try renderer.start(state)
    for action in actions {
      let effects = update(&state, action)
      try renderer.render(state)
      for case .show(let notice) in effects { try renderer.show(notice, in: state) }
    }
    try renderer.finish(state)
    return sink.text
  }

  static let fallback = Action.session(
    .noticed(.nickFallback(wanted: "bot", nick: "bot\u{1B}[31m_"), time: time))

  @Test func theLogShowsASessionNoticeAsATimedLineSanitisedAndNotTheUsersOwnNotices() throws {
    let help = Action.user(.submitted(text: "/help", id: UUID(), time: Self.time))
    let text = try Self.run(LogFormatter(), [help, Self.fallback])
    #expect(text == "12:00:00.250 -!- registered as bot␛[31m_: bot was not available\n")
  }

  @Test func jsonLinesShowASessionNoticeAsAnObjectWithItsKindTextAndTime() throws {
    let help = Action.user(.submitted(text: "/help", id: UUID(), time: Self.time))
    let lines = try Self.run(JSONLinesFormatter(), [help, Self.fallback])
      .split(separator: "\n").map(String.init)
    #expect(lines.count == 3)
    #expect(
      lines[1]
        == #"{"type":"notice","seq":2,"notice":"nick_fallback","text":"registered as bot\u001B[31m_: bot was not available","time":"2025-01-01T12:00:00.250Z"}"#
    )
    let object = try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any]
    #expect(object?["text"] as? String == "registered as bot\u{1B}[31m_: bot was not available")
  }

  @Test func aTLSFileAwaitingAnUpgradeIsNamedWhereItWasGiven() {
    let notice = SessionNotice.tlsOptionsAwaitUpgrade(
      host: "h", port: 1, options: ["tls-ca", "--tls-cert"])
    #expect(
      notice.description
        == "h:1 is plaintext: the networks file's tls-ca and --tls-cert apply only if the"
        + " server's STS policy upgrades the connection to TLS")
  }

  /// A nick cut short, by chat after a refusal or by the server, is said as a cut.
  @Test func aCutNickIsSaidPlainly() {
    let long = "deploybot-production-europe-west-1"
    let cut = String(long.prefix(30))
    #expect(
      SessionNotice.nickRefused(nick: long, reason: "Erroneous Nickname", fallback: cut)
        .description
        == "the nick \(long) (34 characters) was refused (Erroneous Nickname): trying it cut to 30"
        + " characters, \(cut)")
    #expect(
      SessionNotice.nickFallback(wanted: long, nick: cut).description
        == "registered as \(cut): your nick \(long) (34 characters) is too long for the server,"
        + " so it was cut to 30")
    #expect(
      SessionNotice.nickFallback(wanted: "bot", nick: "bot_").description
        == "registered as bot_: bot was not available")
    #expect(
      SessionNotice.nickRefused(nick: "bot", reason: "in use", fallback: "bot_").description
        == "the nick bot was refused (in use): trying bot_")
  }

  @Test func everyKindOfNoticeHasItsOwnName() {
    let notices: [SessionNotice] = [
      .lineIgnored(reason: "a line of 9000 bytes is over the limit: dropped"),
      .ctcpAnswered(nick: "bob", command: "VERSION"),
      .connectionFailed(reason: "r", retried: true),
      .disconnected(reason: "r", retried: true), .notDelivered(count: 1, reason: "r"),
      .messageSplit(parts: 2), .multilineSplit(messages: 2, maxBytes: 4096, maxLines: 100),
      .multilineOverflowed(conversation: "#a", lines: 1000, bytes: 65536),
      .nickFallback(wanted: "a", nick: "b"), .nickChangeRefused(nick: "a", reason: "r"),
      .nickRefused(nick: "a", reason: "r", fallback: "b"), .loggedIn(account: nil),
      .loginFailed(reason: "r"), .reconnecting(host: "h", port: 1, afterMilliseconds: 1),
      .refused(reason: "r"), .serverReply(code: "400", text: "t"),
      .stsPolicyApplied(host: "h", port: 1), .stsUpgrade(host: "h", port: 1),
      .tlsUnverified(host: "h", port: 1),
      .tlsOptionsAwaitUpgrade(host: "h", port: 1, options: ["--tls-ca"]),
      .markedAway(message: "m"), .markedBack,
      .modes(target: "#a", modes: "+nt"), .invited(nick: "bob", channel: "#a"),
    ]
    #expect(Set(notices.map(\.kind)).count == notices.count)
  }

  @Test func theStartSaysTLSIsInsecureOnlyWhileVerificationIsOff() throws {
    var insecure = AppState()
    insecure.isTLSUnverified = true
    let start = try Self.run(JSONLinesFormatter(), [], state: insecure)
      .split(separator: "\n").first.map(String.init)
    #expect(
      start
        == #"{"type":"start","seq":1,"schema":2,"title":"Conversation","user":"PersonA","conversation":"Conversation","tls":"insecure"}"#
    )
    let plain = try Self.run(JSONLinesFormatter(), []).split(separator: "\n").first
    #expect(plain.map { !$0.contains("tls") } == true)
  }

  @Test func theLogOfAnInsecureRunSaysSoAtTheStart() throws {
    var state = AppState()
    state.isTLSUnverified = true
    let dial = Action.session(
      .noticed(.tlsUnverified(host: "127.0.0.1", port: 6697), time: .virtualEpoch))
    let text = try Self.run(LogFormatter(), [dial], state: state)
    #expect(text == "12:00:00.000 -!- TLS to 127.0.0.1:6697 is not verified (--tls-insecure)\n")
  }

  @Test func linkChangesWriteNothingInThePipedFormats() throws {
    let link = Action.session(.linkChanged(LinkStatus(queuedLines: 2), time: Self.time))
    #expect(try Self.run(LogFormatter(), [link]).isEmpty)
    #expect(try Self.run(JSONLinesFormatter(), [link]).split(separator: "\n").count == 2)
  }
}
