import FoundationEssentials
import Testing

@testable import ChatCore

/// A network run asking for `length` messages of history, before #ops is joined.
private func historyRun(_ length: Int = 50) -> AppState {
  var state = onNetwork()
  state.historyLength = length
  return state
}

/// A message of history from `sender` in `conversation`, with the server's id `msgid`.
private func earlier(
  _ number: UInt8, _ text: String, by sender: String = "Bob", in conversation: ConversationName,
  _ milliseconds: Int64, msgid: String? = nil
) -> Message {
  Message(
    id: id(number), sender: sender, text: text, time: at(milliseconds),
    conversation: conversation, serverMessageID: msgid, isHistory: true)
}

/// What the core fetches of a server's history, and what history is: never unread, never a
/// mention; the user's own messages in it stay theirs.
extension UpdateTests {
  @Test func joiningAChannelFetchesItsLatestMessages() {
    var state = historyRun(30)
    let effects = update(&state, .session(.joined(ops, time: at(100))))
    #expect(effects.contains(.perform(.fetchHistory(of: ops, .latest(count: 30)))), "\(effects)")
  }

  @Test(arguments: [0, 50])
  func nothingIsFetchedWithoutAServerOrWithAHistoryOfZero(length: Int) {
    var state = historyRun(length)
    state.hasServer = length == 0
    let effects = update(&state, .session(.joined(ops, time: at(100))))
    #expect(!effects.contains { if case .perform = $0 { true } else { false } }, "\(effects)")
  }

  @Test func rejoiningAfterAReconnectFetchesWhatCameAfterTheNewestMessageHeld() {
    var state = update(historyRun(), .session(.joined(ops, time: at(100))))
    // The newest by time, whatever the order they entered in (older history came last).
    state = update(
      state, .session(.received(said(1, "live", in: ops, 300).withID("m-live"))))
    state = update(state, .session(.received(earlier(2, "old", in: ops, 200, msgid: "m-old"))))
    state = update(
      state, .session(.disconnected(.lost(reason: "gone", retrying: true), time: at(400))))
    state = update(state, .session(.connected(time: at(500))))
    let effects = update(&state, .session(.joined(ops, time: at(600))))
    #expect(effects == [.perform(.fetchHistory(of: ops, .after(.messageID("m-live"))))])
  }

  @Test func aNewestMessageWithoutAServerIDIsNamedByItsTime() {
    var state = update(historyRun(), .session(.joined(ops, time: at(100))))
    state = update(state, .session(.received(said(1, "live", in: ops, 300))))
    let effects = update(&state, .session(.joined(ops, time: at(600))))
    #expect(effects == [.perform(.fetchHistory(of: ops, .after(.time(at(300)))))])
  }

  @Test func reconnectingCatchesUpThePrivateChatsWithAMessageHeld() {
    var state = update(historyRun(), .session(.joined(ops, time: at(100))))
    state = update(
      state, .session(.received(said(1, "psst", by: "Carol", in: carol, 200).withID("c1"))))
    state = update(state, .user(.openedPrivateChat(with: "dave", time: at(250))))
    state = update(state, .session(.received(said(2, "older", in: ops, 150))))
    let effects = update(&state, .session(.connected(time: at(300))))
    // The private chats with news since the newest message held anywhere (Carol's), then
    // Carol's own catch-up; dave's, with nothing held, gets none.
    #expect(
      effects.filter { if case .perform = $0 { true } else { false } } == [
        .perform(.fetchHistoryTargets(since: at(200))),
        .perform(.fetchHistory(of: carol, .after(.messageID("c1")))),
      ])
  }

  @Test func openingAPrivateChatFetchesItsLatestMessagesOnce() {
    var state = update(historyRun(20), .session(.joined(ops, time: at(100))))
    let effects = update(&state, .user(.openedPrivateChat(with: "Carol", time: at(200))))
    #expect(effects == [.perform(.fetchHistory(of: carol, .latest(count: 20)))])
    #expect(update(&state, .user(.openedPrivateChat(with: "Carol", time: at(300)))) == [])
  }

  @Test func historyIsNeverUnreadNorAMention() {
    var state = update(historyRun(), .session(.joined(ops, time: at(100))))
    state = update(state, .user(.switched(to: "1", time: at(150))))
    var named = earlier(2, "PersonA: look", in: ops, 50, msgid: "h2")
    named.isMention = true
    state = update(state, .session(.received(named)))
    #expect(state.conversations[1].unreadCount == 0)
    #expect(state.conversations[1].mentionCount == 0)
    #expect(state.messages.last?.isMention == false)
    #expect(state.messages.last?.isHistory == true)
  }

  @Test func yourOwnMessageInHistoryStaysYours() {
    var state = update(historyRun(), .session(.joined(ops, time: at(100))))
    var mine = earlier(3, "from my phone", by: "PersonA", in: ops, 50)
    mine.isLocal = true
    state = update(state, .session(.received(mine)))
    #expect(state.messages.last?.isLocal == true)
  }

  @Test func historyCommandFetchesOlderThanTheOldestMessageHeld() {
    var state = update(historyRun(), .session(.joined(ops, time: at(100))))
    expectUpdate(
      state, typed("/history"),
      effects: [.perform(.fetchHistory(of: ops, .latest(count: 50)))])
    state = update(state, .session(.received(said(1, "live", in: ops, 300).withID("m-live"))))
    state = update(state, .session(.received(earlier(2, "old", in: ops, 200, msgid: "m-old"))))
    expectUpdate(
      state, typed("/history 20"),
      effects: [.perform(.fetchHistory(of: ops, .before(.messageID("m-old"), count: 20)))])
    expectUpdate(
      state, typed("/HISTORY   7  "),
      effects: [.perform(.fetchHistory(of: ops, .before(.messageID("m-old"), count: 7)))])
  }

  @Test(arguments: ["/history 0", "/history -1", "/history ten", "/history 5 6", "/history 100001"])
  func historyCommandWithoutACountShowsItsUsage(line: String) {
    expectUpdate(
      update(historyRun(), .session(.joined(ops, time: at(100)))), typed(line),
      effects: [.show(.missingArgument(.history))])
  }

  @Test func historyCommandNeedsAConversationWithHistoryAndAServer() {
    expectUpdate(historyRun(), typed("/history"), effects: [.show(.noHistory(server))])
    expectUpdate(inRoom(), typed("/history"), effects: [.show(.needsServer(.history))])
  }

  /// PgUp at the top of the full screen asks as `/history` does, but quietly: without a
  /// server, or in the server's own conversation, nothing happens and nothing is said.
  @Test func scrollingPastTheOldestMessageFetchesOlderHistoryQuietly() {
    var state = update(historyRun(), .session(.joined(ops, time: at(100))))
    state = update(state, .session(.received(earlier(2, "old", in: ops, 200, msgid: "m-old"))))
    expectUpdate(
      state, .user(.scrolledPastOldest(time: at(300))),
      effects: [.perform(.fetchHistory(of: ops, .before(.messageID("m-old"), count: 50)))])
    expectUpdate(historyRun(), .user(.scrolledPastOldest(time: at(300))))
    expectUpdate(inRoom(), .user(.scrolledPastOldest(time: at(300))))
  }

  @Test func aMessageSeenLiveIsNotShownAgainByHistory() {
    var state = update(historyRun(), .session(.joined(ops, time: at(100))))
    state = update(state, .session(.received(said(1, "hi", in: ops, 300))))
    expectUpdate(state, .session(.received(earlier(1, "hi", in: ops, 300))))
  }
}

extension Message {
  /// This message with the server's id `msgid`.
  fileprivate func withID(_ msgid: String) -> Message {
    var message = self
    message.serverMessageID = msgid
    return message
  }
}
