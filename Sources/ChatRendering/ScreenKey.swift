import ChatCore

/// A key of the full screen that is not editing (the README lists them): pressed at the
/// terminal, or at a time in a scenario (`key PgUp`).
///
/// A switching key stands for the command it types (`command(in:)`: `/win 3`), so every
/// renderer sees the switch, as it would see the command typed. The other keys change only
/// the full screen's view (`Renderer.press(_:in:)`); the other renderers ignore them.
public enum ScreenKey: Hashable, Sendable {
  /// Alt-1 … Alt-9, Alt-0: the conversation with that number (Alt-0 is the tenth).
  case window(Int)
  /// Ctrl-N: the next conversation.
  case nextWindow
  /// Ctrl-P: the previous conversation.
  case previousWindow
  /// Alt-A: the next conversation with unread messages (mentions first).
  case nextActivity
  /// PgUp: a page back in the active conversation.
  case pageUp
  /// PgDn: a page forward.
  case pageDown
  /// Alt-Shift-B: shows or hides the buffer list.
  case toggleBufferList
  /// Alt-Shift-N: shows or hides the nick list.
  case toggleNickList

  /// What pressing a key of the view came to (`Renderer.press(_:in:)`).
  public enum Outcome: Hashable, Sendable {
    /// The view changed, or had nothing to change.
    case done
    /// PgUp left the view at the oldest row chat holds of the active conversation: the
    /// runtime tells the core, which asks a server that keeps history for older messages.
    case reachedOldest
  }

  /// Every key, in the README's order.
  public static let all: [ScreenKey] =
    (1...10).map(ScreenKey.window)
    + [.nextWindow, .previousWindow, .nextActivity, .pageUp, .pageDown]
    + [.toggleBufferList, .toggleNickList]

  /// The key's name as the README and scenarios write it: `Alt-3`, `Ctrl-N`, `PgUp`,
  /// `Alt-Shift-B`.
  public var name: String {
    switch self {
    case .window(let number): "Alt-\(number % 10)"
    case .nextWindow: "Ctrl-N"
    case .previousWindow: "Ctrl-P"
    case .nextActivity: "Alt-A"
    case .pageUp: "PgUp"
    case .pageDown: "PgDn"
    case .toggleBufferList: "Alt-Shift-B"
    case .toggleNickList: "Alt-Shift-N"
    }
  }

  /// The key named `name` (as `name` writes it, in any case); nil for none.
  public init?(name: some StringProtocol) {
    let wanted = name.lowercased()
    guard let key = Self.all.first(where: { $0.name.lowercased() == wanted }) else { return nil }
    self = key
  }

  /// The line a switching key types in `conversations` (`/win N`); nil for a key of the view,
  /// and for a switch with nowhere to go (Alt-9 with fewer conversations, Alt-A without news).
  public func command(in conversations: ConversationList) -> String? {
    let count = conversations.count
    let active = conversations.activeIndex
    switch self {
    case .window(let number):
      return number <= count ? "/win \(number)" : nil
    case .nextWindow:
      return "/win \((active + 1) % count + 1)"
    case .previousWindow:
      return "/win \((active + count - 1) % count + 1)"
    case .nextActivity:
      let order = (1..<max(1, count)).map { (active + $0) % count }
      let next =
        order.first { conversations[$0].mentionCount > 0 }
        ?? order.first { conversations[$0].unreadCount > 0 }
      return next.map { "/win \($0 + 1)" }
    case .pageUp, .pageDown, .toggleBufferList, .toggleNickList:
      return nil
    }
  }

  /// Whether the key switches conversations (a command), rather than changing the view.
  public var switches: Bool {
    switch self {
    case .window, .nextWindow, .previousWindow, .nextActivity: true
    case .pageUp, .pageDown, .toggleBufferList, .toggleNickList: false
    }
  }
}
