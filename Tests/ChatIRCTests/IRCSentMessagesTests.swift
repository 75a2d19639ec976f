import ChatCore
import FoundationEssentials
import Testing

@testable import ChatIRC

/// The delivery part's books of our messages as wholes, on their own: a split message
/// confirmed part by part, the confirmation limit, the history lines held for a message, a
/// failure part-way through a split.
@Suite(.timeLimit(.minutes(10))) struct IRCSentMessagesTests {
  static let id = IRCWire.id(1)

  static func at(_ milliseconds: Int64) -> Timestamp {
    Timestamp.virtualEpoch.advanced(byMilliseconds: milliseconds)
  }

  static func echo(
    part: Int, of parts: Int, msgid: String? = nil, at milliseconds: Int64, id: UUID = id
  ) -> IRCEcho {
    IRCEcho(
      id: id, part: part, parts: parts, target: "#chat", text: "piece \(part)", msgid: msgid,
      serverTime: at(milliseconds), receivedAt: at(milliseconds + 5), confirmation: .echo)
  }

  static func history(_ msgid: String, text: String = "piece 0") -> IRCIncomingMessage {
    IRCIncomingMessage(
      kind: .message, sender: "alice", source: "alice!alice@127.0.0.1", target: "#chat",
      conversation: "#chat", isPrivate: false, text: text, msgid: msgid, receivedAt: at(9000),
      isHistory: true, isOwn: true)
  }

  /// Three lines, written at 100, 200 and 300 ms.
  static func splitInThree() -> IRCSentMessages {
    var books = IRCSentMessages(timeoutMilliseconds: 30_000)
    books.begin(id, target: "#chat", text: "the whole text", isAction: false)
    books.split(id, into: 3)
    for part in 1...3 { books.written(id, at: at(Int64(part) * 100)) }
    return books
  }

  @Test func aSplitMessageIsDeliveredOnceEveryPartIsConfirmedAtItsFirstPartsTime() {
    var books = Self.splitInThree()
    // The second and third come first (labels may be answered out of order).
    #expect(books.confirm(Self.echo(part: 1, of: 3, msgid: "m2", at: 410)) == nil)
    #expect(books.confirm(Self.echo(part: 2, of: 3, msgid: "m3", at: 420)) == nil)
    #expect(books.isPending(Self.id))
    let delivered = books.confirm(Self.echo(part: 0, of: 3, msgid: "m1", at: 430))
    #expect(
      delivered
        == IRCDeliveredMessage(
          id: Self.id, target: "#chat", text: "the whole text", time: Self.at(430), msgid: "m1",
          parts: 3))
    #expect(!books.isPending(Self.id) && books.count == 0)
    #expect(books.confirm(Self.echo(part: 0, of: 3, msgid: "m1", at: 440)) == nil, "once")
    // Every line's msgid is ours from now on: a history holding one again is the message.
    for msgid in ["m1", "m2", "m3"] {
      #expect(books.arrived(Self.history(msgid)) == .shown(Self.owned(Self.history(msgid))))
    }
  }

  static func owned(_ incoming: IRCIncomingMessage) -> IRCIncomingMessage {
    var owned = incoming
    owned.ownMessageID = id
    return owned
  }

  @Test func inOrderTheFirstConfirmationsTimeAndMsgidStay() {
    var books = Self.splitInThree()
    _ = books.confirm(Self.echo(part: 0, of: 3, msgid: "m1", at: 410))
    _ = books.confirm(Self.echo(part: 1, of: 3, msgid: "m2", at: 420))
    let delivered = books.confirm(Self.echo(part: 2, of: 3, msgid: "m3", at: 430))
    #expect(delivered?.time == Self.at(410))
    #expect(delivered?.msgid == "m1")
  }

  @Test func theLimitCountsFromTheLastLineWrittenAndIsReachedExactlyAtIt() {
    let books = Self.splitInThree()
    #expect(books.deadline == Self.at(30_300))
    #expect(books.overdue(at: Self.at(30_299)).isEmpty)
    #expect(books.overdue(at: Self.at(30_300)) == [Self.id])
  }

  @Test func aMessageNotWrittenYetHasNoDeadline() {
    var books = IRCSentMessages(timeoutMilliseconds: 1000)
    books.begin(Self.id, target: "#chat", text: "paced", isAction: false)
    #expect(books.deadline == nil)
    #expect(books.overdue(at: Self.at(1_000_000)).isEmpty)
  }

  @Test func overdueMessagesComeInTheOrderSent() {
    var books = IRCSentMessages(timeoutMilliseconds: 1000)
    let ids = (1...4).map(IRCWire.id)
    for id in ids.reversed() { books.begin(id, target: "#chat", text: "x", isAction: false) }
    for id in ids { books.written(id, at: Self.at(0)) }
    #expect(books.overdue(at: Self.at(1000)) == ids.reversed())
  }

  @Test func aHistoryCopyOfAPartIsHeldWhileTheMessageWaitsAndDroppedOnDelivery() {
    var books = Self.splitInThree()
    _ = books.confirm(Self.echo(part: 0, of: 3, msgid: "m1", at: 410))
    #expect(books.arrived(Self.history("m1")) == .held)
    // A server repeating it cannot grow what is held past the parts.
    for _ in 0..<10 { _ = books.arrived(Self.history("m1")) }
    #expect(books.entries[Self.id]?.historyCopies.count == 3)
    _ = books.confirm(Self.echo(part: 1, of: 3, msgid: "m2", at: 420))
    #expect(books.confirm(Self.echo(part: 2, of: 3, msgid: "m3", at: 430)) != nil)
    // Its own entry shows it: the copies go with it, and a later copy is the message.
    #expect(books.arrived(Self.history("m1")) == .shown(Self.owned(Self.history("m1"))))
  }

  @Test func aFailureMidSplitEndsTheMessageOnceAndHandsBackItsHistoryCopies() {
    var books = Self.splitInThree()
    _ = books.confirm(Self.echo(part: 0, of: 3, msgid: "m1", at: 410))
    _ = books.arrived(Self.history("m1"))
    let history = books.fail(Self.id)
    #expect(history == [Self.history("m1")], "shown as the history it is")
    #expect(!books.isPending(Self.id))
    // The other parts' outcomes are no news now.
    #expect(books.fail(Self.id) == nil)
    #expect(books.confirm(Self.echo(part: 2, of: 3, msgid: "m3", at: 430)) == nil)
    // Its msgids are no longer ours: a copy arriving later is shown as it is.
    #expect(books.arrived(Self.history("m1")) == .shown(Self.history("m1")))
    #expect(books.deadline == nil)
  }

  @Test func aLineOfNobodysMessageIsShownUntouched() {
    var books = Self.splitInThree()
    let other = Self.history("zz", text: "someone else")
    #expect(books.arrived(other) == .shown(other))
    var untagged = other
    untagged.msgid = nil
    #expect(books.arrived(untagged) == .shown(untagged))
  }
}

/// The msgids of our confirmed lines, bounded.
@Suite(.timeLimit(.minutes(10))) struct IRCOwnMessageIDsTests {
  @Test func theOldestGoFirstOnceFullAndAForgottenOneIsGone() {
    var ids = IRCOwnMessageIDs()
    for number in 0..<(IRCOwnMessageIDs.capacity + 10) {
      ids.remember("m\(number)", id: IRCWire.id(number % 7 + 1))
    }
    #expect(ids.count == IRCOwnMessageIDs.capacity)
    #expect(ids.id(for: "m0") == nil)
    #expect(ids.id(for: "m10") == IRCWire.id(10 % 7 + 1))
    ids.forget("m10")
    #expect(ids.id(for: "m10") == nil)
  }
}
