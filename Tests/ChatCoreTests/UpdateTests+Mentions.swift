import FoundationEssentials
import Testing

@testable import ChatCore

/// A message that names you: the session marks it, the core counts it apart.
func mention(_ number: UInt8, _ text: String, by sender: String = "Bob", in name: ConversationName)
  -> Message
{
  var message = said(number, text, by: sender, in: name, 200)
  message.isMention = true
  return message
}

/// Mentions counted apart from the other unread messages, and typed text's markup.
extension UpdateTests {
  @Test func aMentionElsewhereCountsAsUnreadAndAsAMention() {
    let state = update(inRoom(), .user(.switched(to: "1", time: at(150))))
    let named = mention(2, "PersonA: look", in: room)
    let plain = said(3, "meanwhile", in: room, 300)
    let counted = expectUpdate(state, .session(.received(named))) {
      $0.enter(named, in: 1)
    }
    #expect(counted.conversations[1].unreadCount == 1)
    #expect(counted.conversations[1].mentionCount == 1)
    let both = update(counted, .session(.received(plain)))
    #expect(both.conversations[1].unreadCount == 2)
    #expect(both.conversations[1].mentionCount == 1)
    // Reading the conversation reads its mentions too.
    let read = update(both, .user(.switched(to: "#room", time: at(400))))
    #expect(read.conversations[1].unreadCount == 0)
    #expect(read.conversations[1].mentionCount == 0)
  }

  @Test func aMentionInTheActiveConversationIsNotUnread() {
    let named = mention(2, "PersonA: here", in: room)
    let state = update(inRoom(), .session(.received(named)))
    #expect(state.conversations[1].unreadCount == 0)
    #expect(state.conversations[1].mentionCount == 0)
  }

  @Test func listCountsMentionsApartFromOtherUnreadMessages() {
    var state = update(inRoom(), .user(.switched(to: "1", time: at(150))))
    state = update(state, .session(.received(mention(2, "PersonA?", in: room))))
    state = update(state, .session(.received(said(3, "x", in: room, 300))))
    state = update(state, .session(.received(said(4, "y", in: room, 300))))
    expectUpdate(
      state, typed("/list"),
      effects: [
        .show(
          .conversations([
            ConversationSummary(
              number: 1, name: .initial, kind: .server, unreadCount: 0, isActive: true),
            ConversationSummary(
              number: 2, name: room, kind: .channel, unreadCount: 3, isActive: false,
              mentionCount: 1),
          ]))
      ])
  }

  @Test(arguments: ["hello \u{2}there", "/me waves \u{3}4red", "/msg Carol \u{1D}psst"])
  func typedTextCarriesTheRunsMarkup(line: String) {
    var state = connected()
    state.textMarkup = .ircFormatting
    let effects = update(&state, typed(line))
    guard case .send(let message) = effects.first else {
      Issue.record("nothing sent: \(effects)")
      return
    }
    #expect(message.markup == .ircFormatting)
    var simulated = connected()
    guard case .send(let plain) = update(&simulated, typed(line)).first else {
      Issue.record("nothing sent")
      return
    }
    #expect(plain.markup == .plain)
  }
}
