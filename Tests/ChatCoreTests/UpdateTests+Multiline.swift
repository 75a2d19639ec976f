import FoundationEssentials
import Testing

@testable import ChatCore

/// Messages of several lines (IRC's `draft/multiline`): whether a paste is one message, as the
/// session says it can be; and the user's own messages sent from another client of theirs.
extension UpdateTests {
  @Test func theSessionSaysWhetherItTakesSeveralLinesAsOneAndADisconnectionForgetsIt() {
    let state = expectUpdate(inOps(), .session(.multilineChanged(available: true))) {
      $0.sessionTakesMultiline = true
    }
    expectUpdate(
      state, .session(.disconnected(.lost(reason: "gone", retrying: true), time: at(900))),
      effects: [
        .show(.session(.disconnected(reason: "gone", retried: true), time: at(900)))
      ]
    ) {
      $0.sessionStatus = .disconnected
      $0.sessionStatusTime = at(900)
      $0.sessionTakesMultiline = false
    }
  }

  @Test(
    arguments: [
      // Where the session takes several lines as one: text is one message, without the
      // blank lines around it; a command among the lines makes each line its own.
      (true, "one\ntwo", ["one\ntwo"]), (true, "\n one\n\n two\n\n", [" one\n\n two"]),
      (true, "one\n/join #x", ["one", "/join #x"]), (true, "//slash\ntwo", ["//slash", "two"]),
      (true, "one\n\n", ["one", "", ""]), (true, "alone", ["alone"]),
      // Elsewhere each line is typed on its own, as before.
      (false, "one\ntwo", ["one", "two"]), (false, "one\n\ntwo", ["one", "", "two"]),
    ] as [(Bool, String, [String])])
  func aPasteIsOneMessageWhereTheSessionTakesSeveralLines(
    multiline: Bool, pasted: String, lines: [String]
  ) {
    var state = inOps()
    state.sessionTakesMultiline = multiline
    #expect(state.typedLines(pasted: pasted) == lines)
  }

  /// A line typed with line feeds in it is one message, sent whole.
  @Test func aMessageOfSeveralLinesIsSentWhole() {
    var state = inOps()
    let effects = update(&state, typed("first\nsecond"))
    let sent = effects.compactMap { if case .send(let message) = $0 { message } else { nil } }
    #expect(sent.map(\.text) == ["first\nsecond"])
    #expect(state.outbox.count == 1)
  }

  /// The session marks a message the user sent from another client of theirs as theirs (on
  /// IRC, from their own nick): it stays theirs, is never a mention, never unread, and opens
  /// the private chat it went to.
  @Test func yourMessageFromAnotherClientIsYours() {
    var state = inOps()
    var live = said(4, "from my phone, PersonA", by: "PersonA", in: ops, 600)
    live.isLocal = true
    live.isMention = true
    state = update(state, .session(.received(live)))
    #expect(state.messages.last?.isLocal == true)
    #expect(state.messages.last?.isMention == false)
    var toCarol = said(5, "hi carol", by: "PersonA", in: carol, 700)
    toCarol.isLocal = true
    state = update(state, .session(.received(toCarol)))
    let index = state.conversations.index(of: carol)
    #expect(index != nil)
    #expect(index.map { state.conversations[$0].unreadCount } == 0)
    #expect(state.conversations.activeName == ops)
    // Once: the same message again (the same id) is not shown twice.
    state = update(state, .session(.received(toCarol)))
    #expect(state.messages.count(where: { $0.id == id(5) }) == 1)
  }
}
