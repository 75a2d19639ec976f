import ChatCore
import Testing

@testable import ChatIRC

/// Replies and reactions (`+draft/reply`, `+draft/react`): read from any message, sent only
/// where the server relays client tags (`message-tags`, `CLIENTTAGDENY`).
@Suite(.timeLimit(.minutes(10))) struct IRCClientReactionTests {
  /// A client registered with `capabilities`, after an `ISUPPORT` of `support`.
  private static func wire(
    capabilities: String = "message-tags echo-message", support: String = "CHANTYPES=#"
  ) -> IRCWire {
    var wire = IRCWire(.init(nick: "alice", channels: ["#chat"], pacing: .unlimited))
    wire.server(":irc.test CAP * LS :" + capabilities)
    wire.server(":irc.test CAP alice ACK :" + capabilities)
    wire.server(":irc.test 001 alice :Welcome alice!alice@127.0.0.1")
    wire.server(":irc.test 005 alice \(support) :are supported")
    wire.server(":alice!alice@127.0.0.1 JOIN #chat")
    wire.reset()
    return wire
  }

  @Test(
    arguments: [
      ("@+draft/reply=m1 :bob!b@h PRIVMSG #chat :yes", "m1"),
      ("@+reply=m2 :bob!b@h PRIVMSG #chat :yes", "m2"),
      ("@+draft/reply= :bob!b@h PRIVMSG #chat :yes", nil),
      ("@+draft/reply=\(String(repeating: "x", count: 129)) :bob!b@h PRIVMSG #chat :yes", nil),
      (":bob!b@h PRIVMSG #chat :yes", nil),
    ] as [(String, String?)])
  func aMessageSaysWhichMessageItAnswers(_ line: String, _ replyTo: String?) {
    var wire = Self.wire()
    wire.server(line)
    guard case .received(let incoming)? = wire.events.first else {
      Issue.record("\(wire.events)")
      return
    }
    #expect(incoming.replyTo == replyTo)
  }

  @Test func aReactionIsOneEventAndOtherTagMessagesAreNone() {
    var wire = Self.wire()
    wire.server("@+draft/react=👍;+draft/reply=m1 :bob!b@h TAGMSG #chat")
    wire.server("@+react=🎉;+reply=m1 :bob!b@h TAGMSG alice")
    wire.server("@+draft/react=👀;+draft/reply=m2 :alice!alice@h TAGMSG #chat")
    wire.server("@+typing=active :bob!b@h TAGMSG #chat")
    #expect(
      wire.events == [
        .reacted(IRCReaction(sender: "bob", conversation: "#chat", msgid: "m1", reaction: "👍")),
        .reacted(IRCReaction(sender: "bob", conversation: "bob", msgid: "m1", reaction: "🎉")),
        .reacted(
          IRCReaction(
            sender: "alice", conversation: "#chat", msgid: "m2", reaction: "👀", isOwn: true)),
        // Typing is a tag message of its own: no reaction.
        .typing(conversation: "#chat", nick: "bob", state: .active),
      ])
  }

  @Test(arguments: [
    "@+draft/react=👍 :bob!b@h TAGMSG #chat",
    "@+draft/react=;+draft/reply=m1 :bob!b@h TAGMSG #chat",
    "@+draft/react=\(String(repeating: "a", count: 65));+draft/reply=m1 :bob!b@h TAGMSG #chat",
    "@+draft/react=👍;+draft/reply=m1 TAGMSG #chat",
    "@+draft/react=👍;+draft/reply=m1 :bob!b@h TAGMSG",
  ])
  func aMalformedReactionIsCountedAndDropped(_ line: String) {
    var wire = Self.wire()
    let before = wire.client.statistics.malformedLines
    wire.server(line)
    #expect(wire.events.isEmpty)
    #expect(wire.client.statistics.malformedLines == before + 1)
  }

  @Test func aReplyAndAReactionGoOutWithTheirTags() {
    var wire = Self.wire()
    wire.user(.send(id: IRCWire.id(1), target: "#chat", text: "agreed", replyTo: "m1"))
    wire.user(.react(target: "#chat", msgid: "m1", reaction: "👍"))
    #expect(
      wire.lines == [
        "@+draft/reply=m1 PRIVMSG #chat agreed",
        "@+draft/react=👍;+draft/reply=m1 TAGMSG #chat",
      ])
    // With echo-message the reaction is shown by its echo, not before.
    #expect(!wire.events.contains { if case .reacted = $0 { true } else { false } })
  }

  @Test func withoutEchoMessageOurReactionIsShownAsWritten() {
    var wire = Self.wire(capabilities: "message-tags")
    wire.user(.react(target: "#chat", msgid: "m1", reaction: "👍"))
    #expect(
      wire.events == [
        .reacted(
          IRCReaction(
            sender: "alice", conversation: "#chat", msgid: "m1", reaction: "👍", isOwn: true))
      ])
  }

  @Test(arguments: [
    ("echo-message", "CHANTYPES=#", "no message-tags"),
    ("message-tags", "CLIENTTAGDENY=*", "CLIENTTAGDENY"),
    ("message-tags", "CLIENTTAGDENY=draft/react,draft/reply", "CLIENTTAGDENY"),
  ])
  func whereClientTagsAreRefusedNothingIsSent(
    _ capabilities: String, _ support: String, _ reason: String
  ) {
    var wire = Self.wire(capabilities: capabilities, support: support)
    wire.user(.react(target: "#chat", msgid: "m1", reaction: "👍"))
    wire.user(.send(id: IRCWire.id(1), target: "#chat", text: "agreed", replyTo: "m1"))
    #expect(wire.lines.isEmpty)
    #expect(wire.events.count == 2)
    guard case .intentRefused(let refusal)? = wire.events.first,
      case .deliveryFailed(let failure)? = wire.events.last
    else {
      Issue.record("\(wire.events)")
      return
    }
    #expect(refusal.contains(reason) && failure.reason.contains(reason), "\(wire.events)")
  }

  @Test func clientTagDenyAllowsWhatItExempts() {
    var support = ISupport()
    support = support.applying(["CLIENTTAGDENY=*,-draft/react,-draft/reply"])
    #expect(
      support.clientTagDeny.allows("draft/react") && support.clientTagDeny.allows("draft/reply"))
    #expect(!support.clientTagDeny.allows("typing"))
    support = support.applying(["CLIENTTAGDENY=typing"])
    #expect(support.clientTagDeny.allows("draft/react") && !support.clientTagDeny.allows("typing"))
    support = support.applying(["-CLIENTTAGDENY"])
    #expect(support.clientTagDeny.allows("typing"))
  }
}
