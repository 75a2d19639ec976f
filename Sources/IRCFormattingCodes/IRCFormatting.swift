/// IRC formatting codes (modern.ircdocs.horse/formatting): text into styled runs, or stripped.
public enum IRCFormatting {
  /// A stretch of text in one style.
  public struct Run: Hashable, Sendable {
    /// The text, without formatting codes.
    public var text: String
    /// How it looks.
    public var style: IRCTextStyle

    /// Creates a run.
    public init(_ text: String, style: IRCTextStyle = IRCTextStyle()) {
      self.text = text
      self.style = style
    }
  }

  /// `text` cut into runs of one style each; the codes themselves are gone, empty runs left
  /// out and neighbours in the same style joined. Other control characters stay in the text
  /// (the sanitiser deals with those).
  public static func runs(_ text: String) -> [Run] {
    guard text.unicodeScalars.contains(where: isCode) else {
      return text.isEmpty ? [] : [Run(text)]
    }
    var runs: [Run] = []
    var style = IRCTextStyle()
    var current = ""
    var scalars = Array(text.unicodeScalars)[...]
    func flush() {
      guard !current.isEmpty else { return }
      if let last = runs.last, last.style == style {
        runs[runs.count - 1].text += current
      } else {
        runs.append(Run(current, style: style))
      }
      current = ""
    }
    while let scalar = scalars.popFirst() {
      guard isCode(scalar) else {
        current.unicodeScalars.append(scalar)
        continue
      }
      var next = style
      switch scalar.value {
      case 0x02: next.bold.toggle()
      case 0x1D: next.italic.toggle()
      case 0x1F: next.underline.toggle()
      case 0x1E: next.strikethrough.toggle()
      case 0x11: next.monospace.toggle()
      case 0x16: next.reverse.toggle()
      case 0x0F: next = IRCTextStyle()
      case 0x03: (next.foreground, next.background) = paletteColors(&scalars, style)
      default: (next.foreground, next.background) = hexColors(&scalars, style)
      }
      if next != style {
        flush()
        style = next
      }
    }
    flush()
    return runs
  }

  /// `text` without its formatting codes, for the log and other plain outputs.
  public static func stripped(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isCode) else { return text }
    return runs(text).map(\.text).joined()
  }

  private static func isCode(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x02, 0x03, 0x04, 0x0F, 0x11, 0x16, 0x1D, 0x1E, 0x1F: true
    default: false
    }
  }

  /// After `\x03`: up to two digits of foreground, then `,` and up to two of background only
  /// when a digit follows the comma. No digits at all resets both colours.
  private static func paletteColors(
    _ scalars: inout ArraySlice<Unicode.Scalar>, _ style: IRCTextStyle
  )
    -> (IRCTextStyle.Color?, IRCTextStyle.Color?)
  {
    guard let foreground = number(&scalars) else { return (nil, nil) }
    var background = style.background
    if scalars.count >= 2, scalars.first == ",", isDigit(scalars[scalars.startIndex + 1]) {
      scalars.removeFirst()
      background = number(&scalars).map { .palette($0) }
    }
    return (.palette(foreground), background)
  }

  private static func number(_ scalars: inout ArraySlice<Unicode.Scalar>) -> UInt8? {
    var value: UInt8?
    for _ in 0..<2 {
      guard let digit = scalars.first, isDigit(digit) else { break }
      scalars.removeFirst()
      value = (value ?? 0) * 10 + UInt8(digit.value - 0x30)
    }
    return value
  }

  /// After `\x04`: six hex digits of foreground, then `,` and six of background. Anything
  /// else resets both colours.
  private static func hexColors(_ scalars: inout ArraySlice<Unicode.Scalar>, _ style: IRCTextStyle)
    -> (IRCTextStyle.Color?, IRCTextStyle.Color?)
  {
    guard let foreground = hex(&scalars) else { return (nil, nil) }
    var background = style.background
    if scalars.first == ",", case var rest = scalars.dropFirst(), let color = hex(&rest) {
      scalars = rest
      background = color
    }
    return (foreground, background)
  }

  private static func hex(_ scalars: inout ArraySlice<Unicode.Scalar>) -> IRCTextStyle.Color? {
    guard scalars.count >= 6 else { return nil }
    var bytes: [UInt8] = []
    for offset in stride(from: 0, to: 6, by: 2) {
      let pair = String(String.UnicodeScalarView(scalars.dropFirst(offset).prefix(2)))
      guard pair.utf8.allSatisfy(\.isHexDigit), let byte = UInt8(pair, radix: 16) else {
        return nil
      }
      bytes.append(byte)
    }
    scalars.removeFirst(6)
    return .rgb(red: bytes[0], green: bytes[1], blue: bytes[2])
  }

  private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
    ("0"..."9").contains(scalar)
  }
}

extension UInt8 {
  fileprivate var isHexDigit: Bool {
    (0x30...0x39).contains(self) || (0x41...0x46).contains(self) || (0x61...0x66).contains(self)
  }
}
