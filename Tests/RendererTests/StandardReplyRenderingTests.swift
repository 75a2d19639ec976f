import ChatCore
import ChatRendering
import Foundation
import JSONLinesRenderer
import LogRenderer
import Testing

/// IRCv3 standard replies as the piped formats show them: a `-!-` line with the reply's
/// severity, command, code and context in the log, a `standard_reply` notice with those as
/// keys in JSON lines.
@Suite(.timeLimit(.minutes(10))) struct StandardReplyRenderingTests {
  static let reply = StandardReply(
    severity: .failure, command: "CHATHISTORY", code: "INVALID_PARAMS", context: ["FOO", "#x"],
    text: "Invalid \u{1B}[31mparameters")
  static let noticed = Action.session(
    .noticed(.standardReply(reply), time: SessionNoticeRenderingTests.time))

  @Test func theLogShowsTheSeverityCommandCodeAndContextSanitised() throws {
    let text = try SessionNoticeRenderingTests.run(LogFormatter(), [Self.noticed])
    #expect(
      text
        == "12:00:00.250 -!- server FAIL CHATHISTORY INVALID_PARAMS (FOO #x): Invalid ␛[31mparameters\n"
    )
  }

  @Test func jsonLinesCarryTheRepliesPartsAsKeys() throws {
    let lines = try SessionNoticeRenderingTests.run(JSONLinesFormatter(), [Self.noticed])
      .split(separator: "\n").map(String.init)
    #expect(lines.count == 3)
    #expect(
      lines[1]
        == ##"{"type":"notice","seq":2,"notice":"standard_reply","text":"server FAIL CHATHISTORY INVALID_PARAMS (FOO #x): Invalid \u001B[31mparameters","reply":"FAIL","command":"CHATHISTORY","code":"INVALID_PARAMS","context":["FOO","#x"],"time":"2025-01-01T12:00:00.250Z"}"##
    )
    let object = try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any]
    #expect(object?["context"] as? [String] == ["FOO", "#x"])
  }

  @Test func aNoteWithoutContextSaysSoShortly() {
    let note = StandardReply(severity: .note, command: "*", code: "NOOP", text: "nothing to do")
    #expect(SessionNotice.standardReply(note).description == "server NOTE * NOOP: nothing to do")
    #expect(SessionNotice.standardReply(note).kind == "standard_reply")
  }
}
