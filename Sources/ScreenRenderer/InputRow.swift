/// What the input row shows besides its prompt: the line being typed and where the cursor is
/// in it, in display columns (readline's line, as the terminal input hands it over), and the
/// completions Tab offered for it, which the screen lists above the status row.
public struct InputRow: Equatable, Sendable {
  /// The text typed so far, sanitised.
  public var text: String
  /// The cursor's column within `text`.
  public var cursor: Int
  /// What Tab could complete the word to, when it was ambiguous; empty otherwise.
  public var candidates: [String]

  /// Creates an input row.
  public init(text: String = "", cursor: Int = 0, candidates: [String] = []) {
    self.text = text
    self.cursor = cursor
    self.candidates = candidates
  }
}
