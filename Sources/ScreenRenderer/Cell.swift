/// One cell of the screen: a character and its style.
public struct Cell: Hashable, Sendable {
  /// What the cell shows; nil for the right half of a wide character, which the character in
  /// the cell before it covers.
  public var character: Character?
  /// How it looks.
  public var style: CellStyle

  /// Creates a cell.
  public init(_ character: Character?, style: CellStyle = .plain) {
    self.character = character
    self.style = style
  }

  /// An empty cell in the default look.
  public static let blank = Cell(" ")
}
