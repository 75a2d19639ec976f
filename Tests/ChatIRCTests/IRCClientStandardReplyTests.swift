import ChatCore
import Testing

@testable import ChatIRC

/// IRCv3 standard replies in the protocol layer: `FAIL`, `WARN` and `NOTE` read into their
/// parts; a `FAIL` about a message of ours fails it; anything malformed is counted, not shown.
@Suite(.timeLimit(.minutes(10))) struct IRCClientStandardReplyTests {
  @Test(arguments: [
    ("FAIL", StandardReply.Severity.failure), ("WARN", .warning), ("NOTE", .note),
  ])
  func aReplyIsReadIntoItsParts(command: String, severity: StandardReply.Severity) throws {
    let message = try IRCMessage(
      parsing: ":ergo.test \(command) CHATHISTORY INVALID_TARGET LATEST #x :No such target")
    #expect(
      StandardReply(message, severity: severity)
        == StandardReply(
          severity: severity, command: "CHATHISTORY", code: "INVALID_TARGET",
          context: ["LATEST", "#x"], text: "No such target"))
    #expect(IRCCommand(command.lowercased()) == IRCCommand(command))
  }

  @Test func warnAndNoteAreShownAsTheyAre() {
    var wire = IRCWire.inspircd()
    wire.server(":irc1.test WARN REHASH CERTS_EXPIRED :Certificate [xyz] has expired")
    wire.server(":irc1.test NOTE * OPER_MESSAGE :The message")
    #expect(
      wire.events == [
        .standardReply(
          StandardReply(
            severity: .warning, command: "REHASH", code: "CERTS_EXPIRED",
            text: "Certificate [xyz] has expired")),
        .standardReply(
          StandardReply(severity: .note, command: "*", code: "OPER_MESSAGE", text: "The message")),
      ])
    #expect(wire.lines.isEmpty)
  }

  @Test func aFailForAnotherCommandIsShownAndFailsNoMessage() {
    var wire = IRCWire.inspircd()
    wire.user(.send(id: IRCWire.id(1), target: "#chat", text: "hi"))
    wire.reset()
    wire.server(":irc1.test FAIL CHATHISTORY MESSAGE_ERROR LATEST :Messages could not be retrieved")
    #expect(
      wire.events == [
        .standardReply(
          StandardReply(
            severity: .failure, command: "CHATHISTORY", code: "MESSAGE_ERROR", context: ["LATEST"],
            text: "Messages could not be retrieved"))
      ])
    #expect(wire.client.unconfirmedLineCount == 1)
  }

  /// By label, or (unlabeled) the oldest message in flight when it is about `PRIVMSG`.
  @Test(arguments: [true, false])
  func aFailForOurMessageFailsItWithItsDescription(labeled: Bool) throws {
    var wire = labeled ? IRCWire.inspircd() : IRCClientCapNotifyTests.bare()
    wire.user(.send(id: IRCWire.id(1), target: "#chat", text: "hi"))
    let label = wire.lines.first.flatMap { try? IRCMessage(parsing: $0) }?.tags["label"]
    #expect((label != nil) == labeled, "\(wire.lines)")
    wire.reset()
    let tags = label.map { "@label=\($0) " } ?? ""
    wire.server(tags + ":irc1.test FAIL PRIVMSG CANNOT_SEND #chat :You are muted")
    let failures = wire.events.compactMap {
      if case .deliveryFailed(let failure) = $0 { failure } else { nil }
    }
    #expect(failures.map(\.ids) == [[IRCWire.id(1)]], "\(wire.events)")
    #expect(failures.first?.reason.contains("You are muted") == true, "\(failures)")
    #expect(failures.first?.reason.contains("FAIL PRIVMSG CANNOT_SEND") == true, "\(failures)")
  }

  /// Without its command, code or description a reply is malformed: counted, never shown,
  /// never a crash, and no message of ours fails by it.
  @Test(arguments: [
    "FAIL", "FAIL PRIVMSG", "FAIL PRIVMSG CODE", "WARN :", "NOTE * :x", "FAIL :::",
  ])
  func aReplyMissingParametersIsCountedAsMalformed(line: String) {
    var wire = IRCWire.inspircd()
    wire.user(.send(id: IRCWire.id(1), target: "#chat", text: "hi"))
    wire.reset()
    let before = wire.client.statistics.malformedLines
    wire.server(":irc1.test " + line)
    #expect(wire.client.statistics.malformedLines == before + 1)
    #expect(!wire.events.contains { if case .standardReply = $0 { true } else { false } })
    #expect(wire.client.unconfirmedLineCount == 1)
  }
}
