import Foundation
import Glibc
import IRCTestSupport
import Testing

/// The hostile-server battery, read markers and typing: a server offering `draft/read-marker`
/// and `message-tags` that marks conversations chat never opened, with markers that are not
/// times, and floods it with typing notifications from many nicks. chat keeps its memory
/// bounded, shows nothing raw and stays responsive (a live line after each flood is shown).
/// See `HostileServerTests`.
@Suite(.ownThread, .serialized, .timeLimit(.minutes(10)))
struct HostileMarkersTests {
  /// A script that registers chat with `capabilities`, confirms its join, then plays `body`.
  private static func server(
    offering capabilities: String, _ body: @escaping @Sendable (ScriptedConnection) throws -> Void
  ) throws -> ScriptedServer {
    try ScriptedServer(registration: .none) { connection in
      try connection.registerOffering(capabilities, joining: HostileRun.channel)
      try body(connection)
      connection.listen(for: 120)
    }
  }

  @Test func markersForConversationsNeverOpenedChangeNothingAndKeepNothing() throws {
    let server = try Self.server(offering: "draft/read-marker message-tags server-time") {
      connection in
      let name = ScriptedConnection.serverName
      var lines = (1...20_000).map { number in
        ":\(name) MARKREAD #never\(number) timestamp=2026-12-01T08:00:00.000Z"
      }
      lines += [
        ":\(name) MARKREAD nobody timestamp=2026-12-01T08:00:00.000Z",
        ":\(name) MARKREAD #hostile timestamp=\u{1B}[2Jnot-a-time",
        ":\(name) MARKREAD \u{1B}[31m#x timestamp=2026-12-01T08:00:00.000Z",
        ":\(name) MARKREAD #hostile",
        ":\(name) MARKREAD #hostile *",
      ]
      try connection.send(lines: lines)
      try connection.send(
        "@time=2026-12-01T08:00:01.000Z :bob!b@h PRIVMSG \(HostileRun.channel) :after the markers")
      // Line mode reads what arrives in the active conversation: chat marks it read.
      try connection.waitForLine("MARKREAD #hostile", within: 30) {
        $0.command == "MARKREAD" && $0.parameters.first == HostileRun.channel
      }
      try connection.send(
        ":\(name) MARKREAD \(HostileRun.channel) timestamp=2026-12-01T08:00:01.000Z")
      try connection.send(":bob!b@h PRIVMSG \(HostileRun.channel) :still here")
    }
    defer { server.stop() }
    let run = try HostileRun(server)
    defer { run.stop() }
    run.expectShown("bob: after the markers", within: 60)
    run.expectShown("bob: still here", within: 60)
    let marked = server.connections.first?.lines.filter { $0.command == "MARKREAD" } ?? []
    // The first for the line with the server's time; later ones (for "still here") only there.
    #expect(
      marked.first?.raw == "MARKREAD #hostile timestamp=2026-12-01T08:00:01.000Z",
      "\(marked.map(\.raw))")
    #expect(marked.allSatisfy { $0.parameters.first == HostileRun.channel })
    #expect(!run.shownText.contains("never"), "\(run.shownText.suffix(2000))")
    run.expectSurvived("markers for conversations never opened", peakBelowKilobytes: 64 * 1024)
  }

  @Test func aTypingFloodFromManyNicksIsCappedSaidOnceAndShowsNothingRaw() throws {
    let server = try Self.server(offering: "message-tags server-time") { connection in
      // First a nick with a bidi override, then a nick with an escape (not a nick at all),
      // then 50,000 others.
      var lines = [
        "@+typing=active :\u{202E}evil!u@h TAGMSG \(HostileRun.channel)",
        "@+typing=active :\u{1B}[2Jx!u@h TAGMSG \(HostileRun.channel)",
      ]
      lines += (1...50_000).map { "@+typing=active :n\($0)!u@h TAGMSG \(HostileRun.channel)" }
      try connection.send(lines: lines)
      try connection.send(":bob!b@h PRIVMSG \(HostileRun.channel) :after the typing")
    }
    defer { server.stop() }
    let run = try HostileRun(server)
    defer { run.stop() }
    run.expectShown("more than 32 people are typing at once", within: 60)
    run.expectShown("bob: after the typing", within: 60)
    // The prompt named two of them and counted the rest (until they went quiet for 6 s).
    let shown = run.shownText
    #expect(shown.contains("n1 and 30 more are typing"), "\(shown.suffix(3000))")
    #expect(shown.components(separatedBy: "more than 32 people").count == 2)
    run.expectSurvived("a typing flood from many nicks", peakBelowKilobytes: 64 * 1024)
  }
}
