extension AppState {
  /// The lines a paste of `text` (several lines arriving at once, a terminal's bracketed
  /// paste) is typed as: one message of several lines when the session takes them as one
  /// (`sessionTakesMultiline`, IRC's `draft/multiline`) and every line is text (none starts
  /// with `/`, so none is a command), the blank lines around it left out; otherwise each line
  /// on its own, as typed one after another.
  public func typedLines(pasted text: String) -> [String] {
    let lines = text.messageLines
    guard lines.count > 1 else { return [text] }
    let each = lines.map(String.init)
    guard sessionTakesMultiline else { return each }
    let isBlank: (Substring) -> Bool = { $0.allSatisfy(\.isWhitespace) }
    guard let first = lines.firstIndex(where: { !isBlank($0) }),
      let last = lines.lastIndex(where: { !isBlank($0) }), first < last,
      !lines.contains(where: { $0.hasPrefix("/") })
    else { return each }
    return [lines[first...last].joined(separator: "\n")]
  }
}
