import ChatCore
import ChatRendering
import IRCFormattingCodes
import LineRenderer

/// How one entry of the message pane reads, as rows of cells of the pane's width:
///
///     12:00:01 <alice> hello, this line is long enough
///              to wrap under its text
///     12:00:02 * bob waves
///     11:58:40 | <carol> earlier, fetched from the server's history
///     12:00:03 -- carol joined
///     12:00:04 ! not delivered (no echo within 1 s): hi
///
/// A multiline message's lines each start a row, under the text as a wrapped row does.
/// Names and text pass through `Sanitizer`; IRC formatting codes become styles with colour
/// and are left out without. A sender has line mode's stable colour; a message that mentions
/// you shows its sender highlighted, and so does every match of the text searched for.
/// O(length of the entry).
struct PaneRows {
  /// The pane's columns.
  let width: Int
  /// Whether styles may carry colour.
  let color: Bool
  /// Added to UTC for the time of day shown.
  let utcOffsetSeconds: Int64
  /// The text whose matches are highlighted, if any.
  let search: String?

  /// Where continuation rows start: under the text, past the time.
  private var indent: Int { width >= 30 ? 9 : 0 }

  /// The rows of `message`, with the reactions to it counted after its text (`[👍 2]`).
  func rows(for message: Message, reactions: [ReactionCount] = []) -> [[Cell]] {
    var spans = time(message.time)
    let senderStyle =
      message.isMention && !message.isLocal
      ? CellStyle.highlight : CellStyle(ANSIStyle.color(forSender: message.sender))
    let sender = SenderText.shown(message)
    // History (earlier messages fetched from the server) is marked, as in line mode.
    if message.isHistory { spans.append(("| ", .dim)) }
    if message.isAction {
      spans.append(("* ", .plain))
      spans.append((sender, senderStyle))
      spans.append((" ", .plain))
    } else if message.isNotice {
      spans.append(("-", .dim))
      spans.append((sender, senderStyle))
      spans.append(("- ", .dim))
    } else {
      spans.append(("<", .dim))
      spans.append((sender, senderStyle))
      spans.append(("> ", .dim))
    }
    if message.isReply { spans.append((ReferenceText.replyLead(of: message), .dim)) }
    spans += Self.text(message.text, markup: message.markup)
    if !reactions.isEmpty {
      let counted = reactions.map { Sanitizer.sanitize($0.text) + " \($0.count)" }
      spans.append(("  [" + counted.joined(separator: ", ") + "]", .dim))
    }
    return wrap(spans)
  }

  /// The rows of a journal line.
  func rows(for line: ScreenJournal.Line) -> [[Cell]] {
    var spans = line.time.map(time) ?? []
    switch line.kind {
    case .event(let words):
      spans.append(("-- " + words, .dim))
    case .topic(let lead, let text, let markup):
      spans.append((lead, .dim))
      spans += Self.text(text, markup: markup)
    case .failed(let text, let reason):
      spans.append(("! not delivered (" + reason + "): ", .red))
      spans.append((text, .plain))
    case .notice(let text):
      spans.append((text, .dim))
    }
    return wrap(spans)
  }

  private func time(_ instant: Timestamp) -> [(String, CellStyle)] {
    [
      (
        String(TimeFormat.timeOfDay(instant, utcOffsetSeconds: utcOffsetSeconds).prefix(8)) + " ",
        .dim
      )
    ]
  }

  /// A message's text (or a topic, which reads the same) as styled spans, sanitised: IRC
  /// formatting codes as styles (their colour dropped later where there is none). Each newline
  /// in it (a multiline message) becomes a span of its own, `"\n"`, which `wrap` turns into a
  /// new row, never a character.
  static func text(_ text: String, markup: TextMarkup) -> [(String, CellStyle)] {
    switch markup {
    case .plain:
      return lines(text, style: .plain)
    case .ircFormatting:
      return IRCFormatting.runs(text).flatMap { run in lines(run.text, style: CellStyle(run.style))
      }
    }
  }

  /// `text` sanitised line by line, with a `"\n"` span between its lines.
  private static func lines(_ text: String, style: CellStyle) -> [(String, CellStyle)] {
    guard text.contains("\n") else { return [(Sanitizer.sanitize(text), style)] }
    var spans: [(String, CellStyle)] = []
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      if index > 0 { spans.append(("\n", .plain)) }
      spans.append((Sanitizer.sanitize(String(line)), style))
    }
    return spans
  }

  /// Cuts `spans` into rows of `width` columns, highlighting the search's matches.
  private func wrap(_ spans: [(String, CellStyle)]) -> [[Cell]] {
    var cells: [Cell] = []
    for (text, style) in spans {
      if text == "\n" {
        cells.append(Cell("\n"))  // Only `text` makes these: a sanitised span holds none.
        continue
      }
      let shown = color ? style : style.withoutColor
      for character in text where DisplayWidth.of(character) > 0 {
        cells.append(Cell(character, style: shown))
      }
    }
    if let search, !search.isEmpty { highlight(search, in: &cells) }
    var rows: [[Cell]] = []
    var row: [Cell] = []
    var column = 0
    for cell in cells {
      if cell.character == "\n" {
        rows.append(row)
        row = Array(repeating: .blank, count: indent)
        column = indent
        continue
      }
      let columns = DisplayWidth.of(cell.character ?? " ")
      if column + columns > width, column > indent {
        rows.append(row)
        row = Array(repeating: .blank, count: indent)
        column = indent
      }
      guard column + columns <= width else { continue }  // Wider than the pane: left out.
      row.append(cell)
      column += columns
    }
    rows.append(row)
    return rows
  }

  /// Gives every match of `search` (ignoring case) the highlight style.
  private func highlight(_ search: String, in cells: inout [Cell]) {
    // Compared a character at a time, lowercased as strings: a character's lowercase form
    // may be more than one character, which a `Character` could not hold.
    let needle = search.map { String($0).lowercased() }
    let haystack = cells.map { String($0.character ?? " ").lowercased() }
    guard needle.count <= haystack.count else { return }
    var start = 0
    while start + needle.count <= haystack.count {
      if haystack[start..<start + needle.count].elementsEqual(needle) {
        for index in start..<start + needle.count { cells[index].style = .highlight }
        start += needle.count
      } else {
        start += 1
      }
    }
  }
}

extension CellStyle {
  /// The look of IRC text in `style`: its attributes, and its foreground among the first 16
  /// colours.
  init(_ style: IRCTextStyle) {
    self.init(
      bold: style.bold, italic: style.italic, underline: style.underline, reverse: style.reverse)
    if case .palette(let number) = style.foreground, number < 16 {
      foreground = Self.ircToANSI[Int(number)]
    }
  }

  /// IRC's colour numbers 0–15 as the nearest of the terminal's 16.
  private static let ircToANSI: [UInt8] = [15, 0, 4, 2, 9, 1, 5, 3, 11, 10, 6, 14, 12, 13, 8, 7]
}
