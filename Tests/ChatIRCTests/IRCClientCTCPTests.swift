import ChatCore
import Testing

@testable import ChatIRC

@Suite(.timeLimit(.minutes(10))) struct IRCClientCTCPTests {
  @Test func versionAndPingAreAnsweredByNotice() {
    var wire = IRCWire.inspircd()
    wire.server(":bob!bob@h PRIVMSG alice :\u{1}VERSION\u{1}")
    wire.server(":carol!c@h PRIVMSG #chat :\u{1}PING 1700000000 123\u{1}", after: 1000)
    #expect(
      wire.lines == [
        "NOTICE bob :\u{1}VERSION chat\u{1}", "NOTICE carol :\u{1}PING 1700000000 123\u{1}",
      ])
    // The user is told of each answer, as the answers go: at most one a second.
    #expect(
      wire.events == [
        .ctcpAnswered(nick: "bob", command: "VERSION"),
        .ctcpAnswered(nick: "carol", command: "PING"),
      ])
  }

  @Test func aFloodOfRequestsGetsAtMostOneAnswerASecond() {
    var wire = IRCWire.inspircd()
    // 1,000 requests over 10 s: one every 10 ms.
    for index in 0..<1000 {
      let command = index.isMultiple(of: 2) ? "VERSION" : "PING \(index)"
      wire.server(":bob\(index % 7)!b@h PRIVMSG alice :\u{1}\(command)\u{1}", after: 10)
    }
    wire.wait(5000)
    let times = wire.lineTimes.map { Timestamp.virtualEpoch.milliseconds(to: $0) }
    #expect(wire.lines.allSatisfy { $0.hasPrefix("NOTICE ") })
    #expect(wire.lines.count == 10)
    #expect(zip(times, times.dropFirst()).allSatisfy { $1 - $0 >= 1000 }, "\(times)")
    #expect(wire.client.statistics.ignoredCTCP == 990)
    #expect(wire.events.count { if case .ctcpAnswered = $0 { true } else { false } } == 10)
  }

  @Test func answersWaitingBehindOtherLinesStillGoOutOneASecond() {
    var wire = IRCWire.inspircd(pacing: .default)
    wire.wait(10_000)
    let pasted = (0..<20).map { "line \($0)" }
    for (index, text) in pasted.enumerated() {
      wire.user(
        .send(id: IRCWire.id(index + 1), target: "#chat", text: text, isAction: false, label: nil))
    }
    for _ in 0..<200 { wire.server(":bob!b@h PRIVMSG alice :\u{1}VERSION\u{1}", after: 100) }
    wire.wait(30_000)
    let answers = wire.lines.indices.filter { wire.lines[$0].hasPrefix("NOTICE ") }
    let times = answers.map { Timestamp.virtualEpoch.milliseconds(to: wire.lineTimes[$0]) }
    // The first waits behind the paste; every request meanwhile is dropped, not queued.
    #expect((1...8).contains(answers.count), "\(answers.count) answers")
    #expect(zip(times, times.dropFirst()).allSatisfy { $1 - $0 >= 1000 }, "\(times)")
  }

  @Test func answersCarryNoControlCharactersAndStayShort() {
    var wire = IRCWire.inspircd()
    let long = String(repeating: "9", count: 300)
    wire.server(":bob!b@h PRIVMSG alice :\u{1}PING a\u{2}b\u{7}c \(long)\u{1}")
    #expect(
      wire.lines == ["NOTICE bob :\u{1}PING abc \(long.prefix(IRCClient.longestCTCPPing - 4))\u{1}"]
    )
  }

  @Test func nothingIsAnsweredBeforeRegistrationFromHistoryFromUsOrWhenTurnedOff() {
    var early = IRCWire()
    early.server(":bob!b@h PRIVMSG alice :\u{1}VERSION\u{1}")
    #expect(!early.lines.contains { $0.hasPrefix("NOTICE") })

    var wire = IRCWire.inspircd()
    wire.server(":s BATCH +h chathistory #chat")
    wire.server("@batch=h :bob!b@h PRIVMSG #chat :\u{1}VERSION\u{1}")
    wire.server(":s BATCH -h")
    wire.server(":alice!alice@h PRIVMSG #chat :\u{1}VERSION\u{1}", after: 2000)
    #expect(wire.lines.isEmpty)

    var off = IRCWire(.init(nick: "alice", pacing: .unlimited, ctcpVersion: nil))
    off.server(":s 001 alice :Welcome")
    off.reset()
    off.server(":bob!b@h PRIVMSG alice :\u{1}PING 1\u{1}")
    #expect(off.lines.isEmpty)
  }
}
