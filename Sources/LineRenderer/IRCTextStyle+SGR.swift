import IRCFormattingCodes

extension IRCTextStyle {
  /// The terminal's SGR sequence for this style, or nil for plain text.
  ///
  /// Built only from the style's own fields, never from the received text, so a hostile
  /// message can select nothing beyond bold, italic, underline, strikethrough, reverse and a
  /// colour: IRC's 99 numbered colours as the 256-colour palette's nearest (99 is the
  /// terminal's default), hex colours as 24-bit. Monospace has nothing to do on a terminal.
  var sgr: String? {
    var codes: [String] = []
    if bold { codes.append("1") }
    if italic { codes.append("3") }
    if underline { codes.append("4") }
    if reverse { codes.append("7") }
    if strikethrough { codes.append("9") }
    if let foreground, let color = Self.parameters(of: foreground) { codes.append("38;" + color) }
    if let background, let color = Self.parameters(of: background) { codes.append("48;" + color) }
    guard !codes.isEmpty else { return nil }
    return "\u{1B}[" + codes.joined(separator: ";") + "m"
  }

  /// `5;N` for a palette colour, `2;R;G;B` for a hex one; nil for 99, the default.
  private static func parameters(of color: Color) -> String? {
    switch color {
    case .palette(let number):
      guard Int(number) < palette.count else { return nil }
      return "5;\(palette[Int(number)])"
    case .rgb(let red, let green, let blue):
      return "2;\(red);\(green);\(blue)"
    }
  }

  /// The 256-colour index for each IRC colour 0–98: the 16 classic ones (white, black, navy,
  /// green, red, maroon, purple, orange, yellow, lime, teal, cyan, blue, pink, grey, silver),
  /// then 16–98 as modern.ircdocs.horse's colour table gives them.
  static let palette: [UInt8] = [
    15, 0, 4, 2, 9, 1, 5, 208, 11, 10, 6, 14, 12, 13, 8, 7,
    52, 94, 100, 58, 22, 29, 23, 24, 17, 54, 53, 89,
    88, 130, 142, 64, 28, 35, 30, 25, 18, 91, 90, 125,
    124, 166, 184, 106, 34, 49, 37, 33, 19, 129, 127, 161,
    196, 208, 226, 154, 46, 86, 51, 75, 21, 171, 201, 198,
    203, 215, 227, 191, 83, 122, 87, 111, 63, 177, 207, 205,
    217, 223, 229, 193, 157, 158, 159, 153, 147, 183, 219, 212,
    16, 233, 235, 237, 239, 241, 244, 247, 250, 254, 231,
  ]
}
