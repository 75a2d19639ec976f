import ChatCore

/// What the full-screen mode reads from a line or a key before the core sees it.
enum ScreenCommand {
  /// The text of `/search TEXT` (empty for `/search` alone, which ends a search); nil when
  /// `line` is something else.
  static func search(in line: String) -> String? {
    let words = line.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
    guard let first = words.first, first.lowercased() == "/search" else { return nil }
    return words.count > 1 ? String(words[1]) : ""
  }

}
