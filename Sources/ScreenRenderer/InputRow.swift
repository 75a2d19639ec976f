/// What the input row shows besides its prompt: the line being typed and where the cursor is
/// in it, in display columns (readline's line, as the terminal input hands it over).
public struct InputRow: Equatable, Sendable {
  /// The text typed so far, sanitised.
  public var text: String
  /// The cursor's column within `text`.
  public var cursor: Int

  /// Creates an input row.
  public init(text: String = "", cursor: Int = 0) {
    self.text = text
    self.cursor = cursor
  }
}
