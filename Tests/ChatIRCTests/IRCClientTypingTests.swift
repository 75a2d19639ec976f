import ChatCore
import Testing

@testable import ChatIRC

/// Typing notifications (`+typing` on `TAGMSG`): others' are reported for their conversation,
/// ours are written at once where the server relays the tag (`message-tags`, not denied by
/// `CLIENTTAGDENY`), ahead of paced lines and taking no allowance, and never recorded.
@Suite struct IRCClientTypingTests {
  /// A client registered on a server offering `capabilities`, with `support` in its 005.
  private static func registered(
    _ capabilities: String = "message-tags server-time echo-message", support: String? = nil,
    pacing: IRCTokenBucket.Settings = .unlimited
  ) -> IRCWire {
    var wire = IRCWire(.init(nick: "alice", channels: [], pacing: pacing))
    wire.server(":irc.test CAP * LS :\(capabilities)")
    wire.server(":irc.test CAP alice ACK :\(capabilities)")
    wire.server(":irc.test 001 alice :Welcome alice!alice@127.0.0.1", after: 10)
    if let support { wire.server(":irc.test 005 alice \(support) :are supported") }
    wire.reset()
    return wire
  }

  @Test func someonesTypingIsReportedForTheirConversation() {
    var wire = Self.registered()
    wire.server("@+typing=active :bob!b@h TAGMSG #chat")
    wire.server("@+typing=paused :bob!b@h TAGMSG alice")
    wire.server("@+typing=done :carol!c@h TAGMSG @#chat")
    #expect(
      wire.events == [
        .typing(conversation: "#chat", nick: "bob", state: .active),
        .typing(conversation: "bob", nick: "bob", state: .paused),
        .typing(conversation: "#chat", nick: "carol", state: .done),
      ])
  }

  @Test(arguments: [
    "@+typing=active :alice!alice@127.0.0.1 TAGMSG #chat",  // Ours, echoed.
    "@+typing=typing :bob!b@h TAGMSG #chat",  // No such state.
    "@+react=👍 :bob!b@h TAGMSG #chat",  // Another tag.
    "@+typing=active :irc.test TAGMSG #chat",  // The server.
    "@+typing=active TAGMSG #chat",  // No source.
  ])
  func otherTagMessagesAreNotTyping(_ line: String) {
    var wire = Self.registered()
    wire.server(line)
    #expect(wire.events.isEmpty, "\(wire.events)")
  }

  @Test func typingInAHistoryIsNotNews() {
    var wire = Self.registered("message-tags batch draft/chathistory")
    wire.server(":irc.test BATCH +h chathistory #chat")
    wire.server("@batch=h;+typing=active :bob!b@h TAGMSG #chat")
    wire.server(":irc.test BATCH -h")
    #expect(wire.events.isEmpty)
  }

  @Test func ourTypingIsWrittenAtOnceAndNeverRecorded() {
    var wire = Self.registered()
    let output = wire.client.perform(.typing(target: "#chat", .active), at: wire.time)
    #expect(output.lines == ["@+typing=active TAGMSG #chat"])
    #expect(output.ephemeralLines == [0])
    #expect(output.recordedLines.isEmpty)
    wire.user(.typing(target: "bob", .done))
    #expect(wire.lines == ["@+typing=done TAGMSG bob"])
  }

  @Test(arguments: [
    ("message-tags", "CLIENTTAGDENY=*", false),
    ("message-tags", "CLIENTTAGDENY=typing,react", false),
    ("message-tags", "CLIENTTAGDENY=*,-typing", true),
    ("message-tags", "CLIENTTAGDENY=react", true),
    ("message-tags", "CLIENTTAGDENY=", true),
    ("server-time", "NETWORK=x", false),
  ])
  func typingGoesOnlyWhereTheServerRelaysIt(
    capabilities: String, support: String, written: Bool
  ) {
    var wire = Self.registered(capabilities, support: support)
    wire.user(.typing(target: "#chat", .active))
    #expect(wire.lines == (written ? ["@+typing=active TAGMSG #chat"] : []))
  }

  @Test func aDenialCanBeTakenBack() {
    var wire = Self.registered(support: "CLIENTTAGDENY=*")
    wire.server(":irc.test 005 alice -CLIENTTAGDENY :are supported")
    wire.user(.typing(target: "#chat", .active))
    #expect(wire.lines == ["@+typing=active TAGMSG #chat"])
  }

  @Test func typingGoesAheadOfPacedLinesAndTakesNoAllowance() {
    var wire = Self.registered(pacing: .init(burst: 2, intervalMilliseconds: 1000))
    wire.wait(10_000)  // Registration's lines out, the allowance back to its burst.
    wire.reset()
    for (number, text) in ["one", "two", "three"].enumerated() {
      wire.user(.send(id: IRCWire.id(number), target: "#chat", text: text))
    }
    #expect(wire.client.queuedLineCount == 1)
    // "three" waits for the allowance: typing goes now, ahead of it.
    wire.user(.typing(target: "#chat", .active))
    #expect(
      wire.lines == ["PRIVMSG #chat one", "PRIVMSG #chat two", "@+typing=active TAGMSG #chat"])
    // And took none: "three" goes when it would have without it.
    wire.wait(999)
    #expect(wire.lines.count == 3)
    wire.wait(1)
    #expect(wire.lines.last == "PRIVMSG #chat three", "\(wire.lines)")
  }

  @Test(arguments: [
    ("", true), ("*", false), ("*,-typing", true), ("typing", false), ("react,typing", false),
    ("-typing", true), ("*,-react", false),
  ])
  func clientTagDenyReadsItsList(_ value: String, _ allowsTyping: Bool) {
    #expect(IRCClientTagDeny(parsing: value).allows("typing") == allowsTyping)
  }
}
