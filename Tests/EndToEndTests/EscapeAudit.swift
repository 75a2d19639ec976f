/// What a terminal would have acted on in a program's output, beyond printing text: every
/// escape sequence, string command (OSC, DCS, APC, PM, SOS), C1 control and bidi control.
///
/// `TerminalScreen` reads OSC strings and modes and ignores them, which is right for drawing
/// but hides exactly what a hostile server would aim for (a clipboard write, a title): this
/// scans the raw transcript for them instead.
struct EscapeAudit {
  /// Each control sequence as sent (`ESC [` parameters and final byte, written `CSI 2J`).
  private(set) var controlSequences: Set<String> = []
  /// Each string command's opening and text (`OSC 52;c;…`), however it was introduced.
  private(set) var stringCommands: [String] = []
  /// C1 control characters as decoded code points (U+0080–U+009F).
  private(set) var c1Controls: [UInt32] = []
  /// Bidi controls (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069).
  private(set) var bidiControls: [UInt32] = []
  /// Whether the transcript is valid UTF-8 (a stray byte such as 0x9B is a C1 control to a
  /// terminal that is not in UTF-8 mode).
  let isValidUTF8: Bool

  /// The control sequences chat's line mode and readline write themselves: colours and
  /// styles, erasing to the end of the line, moving along the input line (right, left, to a
  /// column, deleting and inserting characters), bracketed paste and the meta key. A clean
  /// run writes only SGR, `CSI K` and `CSI ?2004h/l`; nothing that clears the screen, moves to
  /// another row or asks the terminal to answer (`CSI 2J`, `CSI H`, `CSI A`, `CSI 6n`).
  static func isLineModeSequence(_ sequence: String) -> Bool {
    if ["CSI ?2004h", "CSI ?2004l", "CSI ?1034h", "CSI ?1034l"].contains(sequence) {
      return true
    }
    let allowedFinals: Set<Character> = ["m", "K", "C", "D", "G", "P", "@"]
    guard sequence.hasPrefix("CSI "), let final = sequence.last, allowedFinals.contains(final)
    else { return false }
    return sequence.dropFirst(4).dropLast().allSatisfy { $0.isNumber || $0 == ";" }
  }

  init(_ transcript: [UInt8]) {
    isValidUTF8 = String(validating: transcript, as: UTF8.self) != nil
    let scalars = Array(String(decoding: transcript, as: UTF8.self).unicodeScalars)
    var index = 0
    while index < scalars.count {
      let value = scalars[index].value
      index += 1
      switch value {
      case 0x1B:
        guard index < scalars.count else { break }
        let next = scalars[index]
        index += 1
        switch next {
        case "[": controlSequences.insert("CSI " + readControlSequence(scalars, &index))
        case "]": stringCommands.append("OSC " + readString(scalars, &index))
        case "P": stringCommands.append("DCS " + readString(scalars, &index))
        case "_": stringCommands.append("APC " + readString(scalars, &index))
        case "^": stringCommands.append("PM " + readString(scalars, &index))
        case "X": stringCommands.append("SOS " + readString(scalars, &index))
        default: controlSequences.insert("ESC " + String(next))
        }
      case 0x80...0x9F:
        c1Controls.append(value)
      case 0x61C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
        bidiControls.append(value)
      default: break
      }
    }
  }

  /// The sequences that are not the line mode's own.
  var foreignControlSequences: [String] {
    controlSequences.filter { !Self.isLineModeSequence($0) }.sorted()
  }

  /// Whether nothing beyond the line mode's own output would take effect.
  var isClean: Bool {
    foreignControlSequences.isEmpty && stringCommands.isEmpty && c1Controls.isEmpty
      && bidiControls.isEmpty && isValidUTF8
  }

  var description: String {
    "foreign sequences \(foreignControlSequences), string commands \(stringCommands.prefix(5)), "
      + "C1 \(c1Controls.prefix(5)), bidi \(bidiControls.prefix(5)), valid UTF-8 \(isValidUTF8)"
  }

  private func readControlSequence(_ scalars: [Unicode.Scalar], _ index: inout Int) -> String {
    var text = ""
    while index < scalars.count {
      let scalar = scalars[index]
      index += 1
      text.unicodeScalars.append(scalar)
      if (0x40...0x7E).contains(scalar.value) { break }
    }
    return text
  }

  /// A string command's text, up to BEL or ST (`ESC \`), at most 64 characters kept.
  private func readString(_ scalars: [Unicode.Scalar], _ index: inout Int) -> String {
    var text = ""
    while index < scalars.count {
      let scalar = scalars[index]
      index += 1
      if scalar == "\u{07}" { break }
      if scalar == "\u{1B}", index < scalars.count, scalars[index] == "\\" {
        index += 1
        break
      }
      if text.unicodeScalars.count < 64 { text.unicodeScalars.append(scalar) }
    }
    return text
  }
}
