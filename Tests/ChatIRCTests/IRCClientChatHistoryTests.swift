import ChatCore
import Testing

@testable import ChatIRC

/// Fetching history (`draft/chathistory`): the requests as the server reads them, clamped to
/// its `CHATHISTORY` limit; a catch-up paged until a short batch, and bounded; the events a
/// history batch plays back dropped; nothing asked of a server without the capability.
@Suite(.timeLimit(.minutes(10))) struct IRCClientChatHistoryTests {
  /// A client registered on an Ergo that keeps history, answering at most `limit` a request.
  static func ergo(limit: Int? = 1000) -> IRCWire {
    var wire = IRCWire(.init(nick: "alice", channels: ["#h"], pacing: .unlimited))
    wire.server(
      ":ergo.test CAP * LS :batch draft/chathistory draft/event-playback echo-message"
        + " labeled-response message-tags server-time")
    wire.server(
      ":ergo.test CAP alice ACK :echo-message message-tags server-time labeled-response batch"
        + " draft/chathistory draft/event-playback")
    wire.server(":ergo.test 001 alice :Welcome")
    wire.server(
      ":ergo.test 005 alice CASEMAPPING=ascii CHANTYPES=#"
        + (limit.map { " CHATHISTORY=\($0)" } ?? "") + " :are supported by this server")
    wire.server("@msgid=j1;time=2026-12-01T09:00:00.000Z :alice!~a@127.0.0.1 JOIN #h")
    wire.reset()
    return wire
  }

  @Test func theCapabilitiesAreAskedForWhereOffered() {
    var wire = IRCWire(.init(nick: "alice", channels: []))
    wire.server(":ergo.test CAP * LS :batch draft/chathistory draft/event-playback message-tags")
    #expect(
      wire.lines.contains("CAP REQ :message-tags batch draft/chathistory draft/event-playback"))
  }

  @Test(
    arguments: [
      ("CHATHISTORY=1000", 1000), ("draft/CHATHISTORY=50", 50), ("CHATHISTORY=0", nil),
      ("CHATHISTORY=x", nil),
    ] as [(String, Int?)])
  func theServersLimitIsRead(token: String, limit: Int?) {
    #expect(ISupport().applying([token]).historyLimit == limit)
    #expect(ISupport().applying([token, "-CHATHISTORY"]).historyLimit == nil)
  }

  @Test func latestAsksForTheCountWithinTheServersLimit() {
    var wire = Self.ergo(limit: 20)
    wire.user(.fetchHistory(target: "#h", .latest(count: 50)))
    wire.user(.fetchHistory(target: "bob", .latest(count: 5)))
    #expect(wire.lines == ["CHATHISTORY LATEST #h * 20", "CHATHISTORY LATEST bob * 5"])
  }

  @Test func beforeAndAfterNameTheirMessageByIDOrTime() throws {
    var wire = Self.ergo(limit: nil)
    wire.user(.fetchHistory(target: "#h", .before(.messageID("abc"), count: 10)))
    let time = try #require(IRCServerTime.parse("2026-11-30T09:12:28.923Z"))
    wire.user(.fetchHistory(target: "#x", .after(.time(time))))
    #expect(
      wire.lines == [
        "CHATHISTORY BEFORE #h msgid=abc 10",
        "CHATHISTORY AFTER #x timestamp=2026-11-30T09:12:28.923Z 100",
      ])
  }

  @Test func aServerWithoutTheCapabilityIsAskedNothing() {
    var wire = IRCWire.inspircd()
    wire.user(.fetchHistory(target: "#chat", .latest(count: 50)))
    wire.user(.fetchHistory(target: "#chat", .after(.messageID("x"))))
    #expect(wire.lines.isEmpty)
    #expect(wire.events.isEmpty)
  }

  @Test func theBatchsMessagesArriveAsHistoryAndItsEventsAreDropped() {
    var wire = Self.ergo()
    wire.user(.fetchHistory(target: "#h", .latest(count: 50)))
    wire.server(":ergo.test BATCH +1 chathistory #h")
    wire.server("@batch=1;msgid=m1;time=2026-12-01T08:00:00.000Z :bob!~b@h PRIVMSG #h :alice: hi")
    wire.server("@batch=1;msgid=m2;time=2026-12-01T08:00:01.000Z :carol!~c@h JOIN #h")
    wire.server("@batch=1;msgid=m3;time=2026-12-01T08:00:02.000Z :carol!~c@h PART #h :bye")
    wire.server("@batch=1;msgid=m4;time=2026-12-01T08:00:03.000Z :bob!~b@h NOTICE #h :note")
    wire.server(":ergo.test BATCH -1")
    let received = wire.events.compactMap {
      if case .received(let message) = $0 { message } else { nil }
    }
    #expect(received.map(\.msgid) == ["m1", "m4"], "\(wire.events)")
    #expect(received.allSatisfy { $0.isHistory })
    #expect(wire.events.count == 2, "no member joined or left: \(wire.events)")
    #expect(wire.client.statistics.historyLinesDropped == 2)
  }

  @Test func aCatchUpPagesUntilABatchComesBackShort() {
    var wire = Self.ergo(limit: 2)
    wire.user(.fetchHistory(target: "#h", .after(.messageID("m0"))))
    #expect(wire.lines == ["CHATHISTORY AFTER #h msgid=m0 2"])
    wire.reset()
    wire.history(reference: "1", target: "#h", ids: ["m1", "m2"])
    #expect(wire.lines == ["CHATHISTORY AFTER #h msgid=m2 2"])
    wire.reset()
    // A page's last line without a msgid is named by its time.
    wire.server(":ergo.test BATCH +2 chathistory #h")
    wire.server("@batch=2;msgid=m3;time=2026-12-01T08:00:00.000Z :bob!~b@h PRIVMSG #h :3")
    wire.server("@batch=2;time=2026-12-01T08:00:01.000Z :bob!~b@h PRIVMSG #h :4")
    wire.server(":ergo.test BATCH -2")
    #expect(wire.lines == ["CHATHISTORY AFTER #h timestamp=2026-12-01T08:00:01.000Z 2"])
    wire.reset()
    wire.history(reference: "3", target: "#h", ids: ["m5"])
    #expect(wire.lines.isEmpty, "a short page ends it")
    #expect(wire.events.count == 1)
  }

  @Test func aLatestOrBeforeIsOnePageEvenWhenFull() {
    var wire = Self.ergo(limit: 2)
    wire.user(.fetchHistory(target: "#h", .latest(count: 2)))
    wire.reset()
    wire.history(reference: "1", target: "#h", ids: ["m1", "m2"])
    #expect(wire.lines.isEmpty)
  }

  @Test func aServerThatNeverSendsAShortPageIsStoppedAndTheUserTold() {
    var wire = Self.ergo(limit: 1000)
    wire.user(.fetchHistory(target: "#h", .after(.messageID("m0"))))
    var pages = 0
    var next = 0
    while wire.lines.last?.hasPrefix("CHATHISTORY AFTER") == true, pages < 100 {
      wire.reset()
      pages += 1
      wire.history(
        reference: "p\(pages)", target: "#h",
        ids: (0..<1000).map { _ in
          next += 1
          return "m\(next)"
        })
    }
    #expect(pages == IRCHistoryFetches.catchUpLimit / 1000)
    #expect(wire.lines.isEmpty)
    #expect(
      wire.events.last == .historyStopped(target: "#h", count: IRCHistoryFetches.catchUpLimit))
  }

  /// A batch of far more lines than asked (one that never ends): the lines beyond are
  /// dropped unread, the user told once, and a catch-up asks again after the last one kept.
  @Test func aBatchOfMoreLinesThanAskedIsCutAndSaidOnce() {
    var wire = Self.ergo(limit: 5)
    wire.user(.fetchHistory(target: "#h", .after(.messageID("m0"))))
    wire.reset()
    wire.server(":ergo.test BATCH +1 chathistory #h")
    for number in 1...100_000 {
      wire.server(
        "@batch=1;msgid=m\(number);time=2026-12-01T08:00:00.000Z :bob!~b@h PRIVMSG #h :\(number)")
    }
    let received = wire.events.filter { if case .received = $0 { true } else { false } }
    #expect(received.count == 5)
    #expect(wire.events.filter { $0 == .historyOverflowed(target: "#h", asked: 5) }.count == 1)
    #expect(wire.client.statistics.historyLinesDropped == 99_995)
    #expect(wire.lines.isEmpty, "still in the batch: no page asked yet")
    wire.server(":ergo.test BATCH -1")
    #expect(wire.lines == ["CHATHISTORY AFTER #h msgid=m5 5"])
  }

  /// Lines of a batch nested in one answering a fetch count with it, and are history. (A
  /// multiline batch is one message, counted once: IRCClientMultilineTests.)
  @Test func aNestedBatchsLinesCountWithItsParent() {
    var wire = Self.ergo(limit: 3)
    wire.user(.fetchHistory(target: "#h", .latest(count: 3)))
    wire.reset()
    wire.server(":ergo.test BATCH +1 chathistory #h")
    wire.server("@batch=1 :ergo.test BATCH +2 example.com/nested #h")
    for number in 1...10 {
      wire.server("@batch=2;msgid=n\(number) :bob!~b@h PRIVMSG #h :\(number)")
    }
    wire.server(":ergo.test BATCH -2")
    wire.server(":ergo.test BATCH -1")
    let received = wire.events.compactMap {
      if case .received(let message) = $0 { message } else { nil }
    }
    #expect(received.map(\.text) == ["1", "2", "3"])
    #expect(received.allSatisfy { $0.isHistory })
    #expect(wire.events.last == .historyOverflowed(target: "#h", asked: 3))
    // Over: the next batch answers nothing.
    wire.history(reference: "3", target: "#h", ids: ["x1", "x2", "x3", "x4"])
    #expect(wire.events.filter { if case .received = $0 { true } else { false } }.count == 7)
  }

  /// `CHATHISTORY TARGETS`: the private chats listed that are not being fetched are fetched
  /// after the time asked about; channels, ourselves and targets beyond the cap are not.
  @Test func theTargetsListedAreFetchedAfterTheTimeAsked() throws {
    var wire = Self.ergo(limit: 100)
    let since = try #require(IRCServerTime.parse("2026-12-01T08:00:00.000Z"))
    wire.user(.fetchHistoryTargets(since: since))
    wire.user(.fetchHistory(target: "dave", .after(.messageID("d1"))))
    #expect(
      wire.lines.first?.hasPrefix(
        "CHATHISTORY TARGETS timestamp=2026-12-01T08:00:00.000Z timestamp=") == true,
      "\(wire.lines)")
    #expect(wire.lines.first?.hasSuffix(" 50") == true)
    wire.reset()
    wire.server(":ergo.test BATCH +t draft/chathistory-targets")
    for name in ["#h", "Carol", "carol", "DAVE", "alice"] + (1...60).map({ "n\($0)" }) {
      wire.server("@batch=t :ergo.test CHATHISTORY TARGETS \(name) 2026-12-01T09:00:00.000Z")
    }
    #expect(wire.lines.isEmpty)
    wire.server(":ergo.test BATCH -t")
    let after = "timestamp=2026-12-01T08:00:00.000Z 100"
    #expect(wire.lines.first == "CHATHISTORY AFTER Carol \(after)")
    #expect(wire.lines.count == 1 + 50 - 4, "\(wire.lines)")
    #expect(
      !wire.lines.contains { $0.contains(" #h ") || $0.contains("DAVE") || $0.contains("alice") })
    #expect(wire.events.isEmpty, "the targets are no messages: \(wire.events)")
  }

  @Test func aTargetsListNotAskedForFetchesNothing() {
    var wire = Self.ergo()
    wire.server(":ergo.test BATCH +t draft/chathistory-targets")
    wire.server("@batch=t :ergo.test CHATHISTORY TARGETS carol 2026-12-01T09:00:00.000Z")
    wire.server(":ergo.test BATCH -t")
    #expect(wire.lines.isEmpty)
  }

  @Test func aBatchForAnotherTargetOrUnaskedIsNoAnswer() {
    var wire = Self.ergo(limit: 1)
    wire.user(.fetchHistory(target: "#h", .after(.messageID("m0"))))
    wire.reset()
    wire.history(reference: "1", target: "#other", ids: ["x"])
    #expect(wire.lines.isEmpty)
    // The answer still counts when it comes, in another spelling of the name.
    wire.history(reference: "2", target: "#H", ids: ["m1"])
    #expect(wire.lines == ["CHATHISTORY AFTER #h msgid=m1 1"])
  }

  /// History is no news: a line of it that names us, or a private one, is no mention (its
  /// text is not searched for our nick); the same line live is one.
  @Test func historyNamingUsOrPrivateIsNoMention() {
    var wire = Self.ergo()
    wire.user(.fetchHistory(target: "#h", .latest(count: 50)))
    wire.server(":ergo.test BATCH +1 chathistory #h")
    wire.server("@batch=1;msgid=m1;time=2026-12-01T08:00:00.000Z :bob!~b@h PRIVMSG #h :alice: hi")
    wire.server(":ergo.test BATCH -1")
    wire.user(.fetchHistory(target: "bob", .latest(count: 50)))
    wire.server(":ergo.test BATCH +2 chathistory bob")
    wire.server("@batch=2;msgid=m2;time=2026-12-01T08:00:01.000Z :bob!~b@h PRIVMSG alice :psst")
    wire.server(":ergo.test BATCH -2")
    wire.server("@msgid=m3;time=2026-12-01T09:00:00.000Z :bob!~b@h PRIVMSG #h :alice: hi")
    wire.server("@msgid=m4;time=2026-12-01T09:00:01.000Z :bob!~b@h PRIVMSG alice :psst")
    let received = wire.events.compactMap {
      if case .received(let message) = $0 { message } else { nil }
    }
    #expect(received.map(\.msgid) == ["m1", "m2", "m3", "m4"], "\(wire.events)")
    #expect(received.map(\.isHistory) == [true, true, false, false])
    #expect(received.map(\.mentionsUs) == [false, false, true, true])
  }

  /// A batch reference the server uses again, after the batch that had it ended, answers the
  /// fetch its new batch names: its lines count with that one (cut at what it asked), not
  /// with the fetch the reference answered before.
  @Test func aBatchReferenceUsedAgainCountsWithItsNewFetch() {
    var wire = Self.ergo()
    wire.user(.fetchHistory(target: "#h", .latest(count: 2)))
    wire.history(reference: "1", target: "#h", ids: ["m1", "m2"])
    wire.user(.fetchHistory(target: "bob", .latest(count: 1)))
    wire.history(reference: "1", target: "bob", ids: ["b1", "b2", "b3"])
    let received = wire.events.compactMap {
      if case .received(let message) = $0 { message.msgid } else { nil }
    }
    #expect(received == ["m1", "m2", "b1"], "\(wire.events)")
    #expect(wire.events.last == .historyOverflowed(target: "bob", asked: 1))
  }

  /// A fetch asked again while the batch answering it is still open: the old batch answers
  /// nothing any more (its lines are kept, counted with no fetch), and the new batch's lines
  /// count with the new fetch alone.
  @Test func aFetchAskedAgainIsNotCountedWithTheOldBatchsLines() {
    var wire = Self.ergo()
    wire.user(.fetchHistory(target: "#h", .latest(count: 2)))
    wire.server(":ergo.test BATCH +1 chathistory #h")
    wire.server("@batch=1;msgid=o1 :bob!~b@h PRIVMSG #h :o1")
    wire.user(.fetchHistory(target: "#h", .latest(count: 2)))
    for number in 2...4 { wire.server("@batch=1;msgid=o\(number) :bob!~b@h PRIVMSG #h :o") }
    wire.server(":ergo.test BATCH -1")
    wire.history(reference: "2", target: "#h", ids: ["n1", "n2"])
    let received = wire.events.compactMap {
      if case .received(let message) = $0 { message.msgid } else { nil }
    }
    #expect(received == ["o1", "o2", "o3", "o4", "n1", "n2"], "\(wire.events)")
    #expect(!wire.events.contains { if case .historyOverflowed = $0 { true } else { false } })
  }

  /// The same with a batch nested in the old one: it answered the old fetch too, so its lines
  /// are not counted with the new fetch (which would drop the new batch's own lines as beyond
  /// what was asked), and the old batch's end does not end the new fetch.
  @Test func aBatchNestedInTheOldBatchIsNotCountedWithTheNewFetch() {
    var wire = Self.ergo()
    wire.user(.fetchHistory(target: "#h", .latest(count: 2)))
    wire.server(":ergo.test BATCH +1 chathistory #h")
    wire.server("@batch=1 :ergo.test BATCH +n netsplit irc.a irc.b")
    wire.user(.fetchHistory(target: "#h", .latest(count: 2)))
    wire.server(":ergo.test BATCH +2 chathistory #h")
    for number in 1...3 { wire.server("@batch=n;msgid=o\(number) :bob!~b@h PRIVMSG #h :o") }
    wire.server(":ergo.test BATCH -n")
    wire.server(":ergo.test BATCH -1")
    for id in ["n1", "n2"] { wire.server("@batch=2;msgid=\(id) :bob!~b@h PRIVMSG #h :n") }
    wire.server(":ergo.test BATCH -2")
    let received = wire.events.compactMap {
      if case .received(let message) = $0 { message.msgid } else { nil }
    }
    #expect(received.suffix(2) == ["n1", "n2"], "\(wire.events)")
    #expect(!wire.events.contains { if case .historyOverflowed = $0 { true } else { false } })
  }

  /// A server that withdraws the capability (`CAP DEL`, cap-notify) is asked nothing more.
  @Test func aServerThatWithdrawsTheCapabilityIsAskedNothingMore() {
    var wire = Self.ergo()
    #expect(wire.client.offersHistory)
    wire.server(":ergo.test CAP alice DEL :draft/chathistory")
    wire.reset()
    wire.user(.fetchHistory(target: "#h", .latest(count: 50)))
    #expect(!wire.client.offersHistory)
    #expect(wire.lines.isEmpty)
  }

  @Test func aReconnectForgetsTheFetchesInFlight() {
    var wire = Self.ergo(limit: 1)
    wire.user(.fetchHistory(target: "#h", .after(.messageID("m0"))))
    wire.take(wire.client.connectionClosed(reason: "gone", at: wire.time))
    wire.take(wire.client.start(at: wire.time))
    #expect(wire.client.history.fetches.isEmpty)
  }
}

extension IRCWire {
  /// A `chathistory` batch of `target` holding one message per msgid in `ids`.
  mutating func history(reference: String, target: String, ids: [String]) {
    server(":ergo.test BATCH +\(reference) chathistory \(target)")
    for id in ids {
      server(
        "@batch=\(reference);msgid=\(id);time=2026-12-01T08:00:00.000Z :bob!~b@h PRIVMSG \(target) :\(id)"
      )
    }
    server(":ergo.test BATCH -\(reference)")
  }
}
