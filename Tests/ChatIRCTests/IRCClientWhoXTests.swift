import ChatCore
import Testing

@testable import ChatIRC

/// On joining: one WHOX where the server offers it, its `354`s gathered until `315` into the
/// members' accounts and away states; `NAMES` asked for only with `no-implicit-names`.
@Suite(.timeLimit(.minutes(10))) struct IRCClientWhoXTests {
  private static func wire(capabilities: String = "", support: String = "WHOX") -> IRCWire {
    var wire = IRCWire(.init(nick: "alice", pacing: .unlimited))
    if !capabilities.isEmpty {
      wire.server(":irc.test CAP * LS :" + capabilities)
      wire.server(":irc.test CAP alice ACK :" + capabilities)
    }
    wire.server(":irc.test 001 alice :Welcome alice!alice@127.0.0.1")
    wire.server(":irc.test 005 alice \(support) :are supported")
    wire.user(.join(channel: "#chat"))
    wire.reset()
    return wire
  }

  @Test func noImplicitNamesIsAskedForWhereOffered() {
    var wire = IRCWire()
    wire.reset()
    wire.server(":irc.test CAP * LS :draft/no-implicit-names no-implicit-names")
    #expect(wire.lines == ["CAP REQ :draft/no-implicit-names no-implicit-names"])
  }

  @Test func joiningSendsOneWhoXAndItsAnswerDescribesTheMembers() {
    var wire = Self.wire()
    wire.server(":alice!alice@127.0.0.1 JOIN #chat")
    #expect(wire.lines == ["WHO #chat %tcuhnfar,1"])
    wire.server(":irc.test 354 alice 1 #chat bee bob.host bob G@ bobby :Bob Smith")
    wire.server(":irc.test 354 alice 1 #chat ~a 127.0.0.1 alice H 0 :Alice")
    wire.server(":irc.test 354 alice 7 #chat x y mallory H eve :not asked")
    wire.server(":irc.test 315 alice #chat :End of WHO list")
    #expect(
      wire.events == [
        .joined(channel: "#chat"),
        .membersDescribed(
          channel: "#chat",
          members: [
            Member(
              "bob", account: "bobby", awayMessage: "", user: "bee", host: "bob.host",
              realName: "Bob Smith"),
            Member("alice", user: "~a", host: "127.0.0.1", realName: "Alice"),
          ]),
      ])
  }

  @Test func aUsersOwnWhoStillGetsItsAnswer() {
    var wire = Self.wire()
    wire.server(":alice!alice@127.0.0.1 JOIN #chat")
    wire.user(.who(mask: "#chat"))
    wire.server(":irc.test 354 alice 1 #chat ~a 127.0.0.1 alice H 0 :Alice")
    wire.server(":irc.test 315 alice #chat :End of WHO list")
    wire.server(":irc.test 352 alice #chat b h irc.test bob H :0 Bob")
    wire.server(":irc.test 315 alice #chat :End of WHO list")
    let replies = wire.events.filter { if case .whoReplied = $0 { true } else { false } }
    #expect(replies.count == 1)
    let alice = Member("alice", user: "~a", host: "127.0.0.1", realName: "Alice")
    #expect(wire.events.contains(.membersDescribed(channel: "#chat", members: [alice])))
  }

  /// A recording made before chat asked WHOX holds no answer to it: the user's `WHO` in it
  /// still gets its `315`.
  @Test func aWhoXNeverAnsweredTakesNoOtherWhosEnd() {
    var wire = Self.wire()
    wire.server(":alice!alice@127.0.0.1 JOIN #chat")
    wire.user(.who(mask: "#chat"))
    wire.server(":irc.test 352 alice #chat b h irc.test bob H :0 Bob")
    wire.server(":irc.test 315 alice #chat :End of WHO list")
    let replies = wire.events.filter { if case .whoReplied = $0 { true } else { false } }
    #expect(replies.count == 1)
  }

  @Test func withoutWhoXNothingIsAsked() {
    var wire = Self.wire(support: "CHANTYPES=#")
    wire.server(":alice!alice@127.0.0.1 JOIN #chat")
    #expect(wire.lines.isEmpty)
  }

  @Test func withNoImplicitNamesTheNamesListIsAskedForOnJoining() {
    var wire = Self.wire(capabilities: "draft/no-implicit-names", support: "CHANTYPES=#")
    wire.server(":alice!alice@127.0.0.1 JOIN #chat")
    #expect(wire.lines == ["NAMES #chat"])
    wire.server(":irc.test 353 alice = #chat :@alice bob")
    wire.server(":irc.test 366 alice #chat :End of /NAMES list.")
    #expect(
      wire.events.last
        == .names(
          channel: "#chat",
          members: [IRCMember(nick: "alice", prefixes: "@"), IRCMember(nick: "bob")]))
  }
}
