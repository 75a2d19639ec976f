import ChatCore
import ChatRendering
import FoundationEssentials
import Testing

/// The full screen's keys: their names (as scenarios and the README write them) and the
/// commands the switching keys type.
@Suite struct ScreenKeyTests {
  static let time = Timestamp.virtualEpoch

  static func id(_ n: UInt8) -> UUID {
    UUID(uuid: (n, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 0))
  }

  /// Four conversations (`irc.test`, `#a`, `#b`, `#c`), `#a` active; news in `#b`, a
  /// mention in `#c`.
  static func fourConversations() -> ConversationList {
    var state = AppState(server: "irc.test", joining: [], localName: "alice")
    for channel in ["#a", "#b", "#c"] {
      _ = update(&state, .session(.joined(ConversationName(channel), time: time)))
    }
    _ = update(&state, .user(.submitted(text: "/win 2", id: id(1), time: time)))
    for (n, (channel, mentions)) in [("#b", false), ("#c", true)].enumerated() {
      let message = Message(
        id: id(UInt8(n + 2)), sender: "bob", text: "news", time: time,
        conversation: ConversationName(channel), isMention: mentions)
      _ = update(&state, .session(.received(message)))
    }
    return state.conversations
  }

  @Test(arguments: ScreenKey.all)
  func everyKeyReadsBackByItsName(key: ScreenKey) {
    #expect(ScreenKey(name: key.name) == key)
    #expect(ScreenKey(name: key.name.uppercased()) == key)
  }

  @Test func namesAreTheREADMEs() {
    #expect(
      ScreenKey.all.map(\.name).joined(separator: " ") == """
        Alt-1 Alt-2 Alt-3 Alt-4 Alt-5 Alt-6 Alt-7 Alt-8 Alt-9 Alt-0 Ctrl-N Ctrl-P Alt-A PgUp PgDn \
        Alt-Shift-B Alt-Shift-N
        """)
    #expect(ScreenKey(name: "Alt-11") == nil)
    #expect(ScreenKey(name: "") == nil)
  }

  @Test func switchingKeysTypeTheCommandTheyStandFor() {
    let conversations = Self.fourConversations()
    #expect(conversations.activeIndex == 1)
    #expect(ScreenKey.window(4).command(in: conversations) == "/win 4")
    #expect(ScreenKey.window(5).command(in: conversations) == nil)
    #expect(ScreenKey.window(10).command(in: conversations) == nil)
    #expect(ScreenKey.nextWindow.command(in: conversations) == "/win 3")
    #expect(ScreenKey.previousWindow.command(in: conversations) == "/win 1")
    // The mention first, though #b's news comes sooner.
    #expect(ScreenKey.nextActivity.command(in: conversations) == "/win 4")
  }

  @Test func keysOfTheViewTypeNothing() {
    let conversations = Self.fourConversations()
    for key in [ScreenKey.pageUp, .pageDown, .toggleBufferList, .toggleNickList] {
      #expect(key.command(in: conversations) == nil)
      #expect(!key.switches)
    }
  }
}
