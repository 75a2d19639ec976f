import ChatCore
import ChatRendering
import Foundation
import JSONLinesRenderer
import LogRenderer
import Testing

/// IRCv3 `MONITOR` notices in the piped formats: a `-!-` line in the log (nicks sanitised),
/// a `monitor_…` notice whose nicks are arrays in JSON lines.
@Suite(.timeLimit(.minutes(10))) struct MonitorRenderingTests {
  static func noticed(_ notice: SessionNotice) -> Action {
    .session(.noticed(notice, time: SessionNoticeRenderingTests.time))
  }

  @Test(arguments: [
    (SessionNotice.monitorOnline(["bob"]), "bob is online"),
    (.monitorOnline(["bob", "carol"]), "bob, carol are online"),
    (.monitorOffline(["dave"]), "dave is offline"),
    (
      .monitorList(online: ["bob"], offline: ["carol", "dave"]),
      "monitoring 3: bob online; carol, dave offline"
    ),
    (.monitorList(online: [], offline: ["dave"]), "monitoring 1: dave offline"),
    (.monitorList(online: [], offline: []), "monitoring nobody (/monitor +NICK watches someone)"),
    (
      .monitorFull(limit: 2, nicks: ["eve"]),
      "the server's monitor list is full (2 nicks): not watching eve"
    ),
    (
      .monitorOnline((1...25).map { "n\($0)" }),
      (1...20).map { "n\($0)" }.joined(separator: ", ") + " and 5 more are online"
    ),
  ])
  func eachNoticeSaysWhoInWords(_ notice: SessionNotice, _ text: String) {
    #expect(notice.description == text)
  }

  @Test func theLogSanitisesTheNicks() throws {
    let text = try SessionNoticeRenderingTests.run(
      LogFormatter(), [Self.noticed(.monitorOnline(["b\u{1B}[31mob"]))])
    #expect(text == "12:00:00.250 -!- b␛[31mob is online\n")
  }

  @Test func jsonLinesCarryTheNicksAsArrays() throws {
    let lines = try SessionNoticeRenderingTests.run(
      JSONLinesFormatter(),
      [
        Self.noticed(.monitorOffline(["dave"])),
        Self.noticed(.monitorList(online: ["bob"], offline: [])),
        Self.noticed(.monitorFull(limit: 2, nicks: ["eve", "zed"])),
      ]
    ).split(separator: "\n").map(String.init)
    #expect(lines.count == 5)
    #expect(
      lines[1]
        == ##"{"type":"notice","seq":2,"notice":"monitor_offline","text":"dave is offline","nicks":["dave"],"time":"2025-01-01T12:00:00.250Z"}"##
    )
    #expect(
      lines[2]
        == ##"{"type":"notice","seq":3,"notice":"monitor_list","text":"monitoring 1: bob online","online":["bob"],"offline":[],"time":"2025-01-01T12:00:00.250Z"}"##
    )
    #expect(
      lines[3]
        == ##"{"type":"notice","seq":4,"notice":"monitor_full","text":"the server's monitor list is full (2 nicks): not watching eve, zed","limit":2,"nicks":["eve","zed"],"time":"2025-01-01T12:00:00.250Z"}"##
    )
    for line in lines { _ = try JSONSerialization.jsonObject(with: Data(line.utf8)) }
  }
}
