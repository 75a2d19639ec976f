/// Appends styled text to an output buffer, hard-wrapping it at a fixed width when one is set.
///
/// Wrapping counts display columns (`DisplayWidth`) and never splits a character: a wide
/// character that does not fit in the last column moves to the next row, as terminals draw
/// it (the column it leaves shows blank and is not written). Escape sequences take no columns.
/// Public so that the interactive terminal (ReadlineRenderer) writes its own lines the same way.
public struct RowWriter {
  private let width: Int?
  private let color: Bool
  private var column = 0

  /// Creates a writer for one logical line; `width` nil means the terminal wraps by itself.
  public init(width: Int?, color: Bool) {
    self.width = width
    self.color = color
  }

  /// Appends `text`, wrapped in `style` when colour is on.
  public mutating func append(
    _ text: String, style: ANSIStyle? = nil, to output: inout [UInt8]
  ) {
    append(text, sgr: style?.rawValue, to: &output)
  }

  /// Appends `text`, after the escape sequence `sgr` and followed by a reset when colour is on.
  /// The reset after every styled piece means no style outlives its piece, or its line.
  mutating func append(_ text: String, sgr: String?, to output: inout [UInt8]) {
    let styled = color && sgr != nil && !text.isEmpty
    if styled, let sgr { output.append(utf8: sgr) }
    if let width {
      for character in text {
        let columns = DisplayWidth.of(character)
        if column + columns > width, column > 0 {
          output.append(UInt8(ascii: "\n"))
          column = 0
        }
        output.append(utf8: String(character))
        column += columns
      }
    } else {
      output.append(utf8: text)
    }
    if styled { output.append(utf8: ANSIStyle.reset.rawValue) }
  }

  /// Ends the line; the writer is ready for the next one.
  public mutating func endLine(to output: inout [UInt8]) {
    output.append(UInt8(ascii: "\n"))
    column = 0
  }
}
