import ChatCore

/// Who is typing in the active conversation, in words for the prompt and the status row:
/// `bob is typing`, `bob and carol are typing`, `bob, carol and 3 more are typing`. Names are
/// sanitised; nil when nobody is.
public enum TypingText {
  /// The most nicks named; the rest are counted.
  static let namedLimit = 2

  /// The words for `state`'s active conversation, or nil.
  public static func words(for state: AppState) -> String? {
    guard !state.typists.all.isEmpty else { return nil }
    let nicks = state.typists.typing(in: state.conversations.activeName).map {
      Sanitizer.sanitize($0)
    }
    switch nicks.count {
    case 0: return nil
    case 1: return nicks[0] + " is typing"
    case 2: return nicks[0] + " and " + nicks[1] + " are typing"
    default:
      return nicks.prefix(namedLimit).joined(separator: ", ") + " and \(nicks.count - namedLimit)"
        + " more are typing"
    }
  }
}
