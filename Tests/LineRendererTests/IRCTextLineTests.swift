import ChatCore
import ChatRendering
import FoundationEssentials
import Testing

@testable import LineRenderer

/// IRC text in line mode: formatting codes as styles or left out, actions, mentions.
@Suite(.timeLimit(.minutes(10))) struct IRCTextLineTests {
  static func irc(
    _ sender: String, _ text: String, action: Bool = false, mention: Bool = false
  ) -> Message {
    var message = LineFormatterTests.message(sender, text)
    message.markup = .ircFormatting
    message.isAction = action
    message.isMention = mention
    return message
  }

  static func line(_ message: Message, color: Bool, width: Int? = nil) -> String {
    let text = LineFormatterTests.transcript(
      LineFormatter(width: width, color: color), entering: [message])
    // The title (bold with colour) and its newline come first.
    return String(text[text.index(after: text.firstIndex(of: "\n")!)...])
  }

  static let sample = "\u{2}bold\u{2} \u{3}4,2red on blue\u{3} \u{1D}\u{1F}it\u{F}plain"

  @Test func formattingCodesBecomeTerminalStylesWithColour() {
    let line = Self.line(Self.irc("Bob", Self.sample), color: true)
    #expect(
      line.hasSuffix(
        ": \u{1B}[1mbold\u{1B}[0m \u{1B}[38;5;9;48;5;4mred on blue\u{1B}[0m "
          + "\u{1B}[3;4mit\u{1B}[0mplain\n"))
    #expect(!line.contains("␂") && !line.contains("␃"))
  }

  @Test func formattingCodesAreLeftOutWithoutColour() {
    let line = Self.line(Self.irc("Bob", Self.sample), color: false)
    #expect(line == "12:00:00 < Bob: bold red on blue itplain\n")
  }

  @Test func plainTextKeepsShowingCodesAsControlPictures() {
    let line = Self.line(LineFormatterTests.message("Bob", "\u{2}x\u{3}4"), color: true)
    #expect(line.hasSuffix(": ␂x␃4\n"))
  }

  @Test func hexAndDefaultColoursMapToTrueColourAndNothing() {
    let line = Self.line(Self.irc("Bob", "\u{4}FF8000orange\u{3}99,99none"), color: true)
    #expect(line.hasSuffix(": \u{1B}[38;2;255;128;0morange\u{1B}[0mnone\n"))
  }

  /// Random mixes of codes, digits, commas and escapes: every escape sequence written is
  /// one of the formatter's own styles or an SGR with only the mapped parameters, each
  /// styled piece is reset before its line ends, and no control character gets through.
  @Test func hostileFormattingCannotSelectAnyOtherTerminalSequence() {
    let pieces = [
      "\u{3}", "\u{4}", "\u{2}", "\u{16}", "\u{1E}", "\u{11}", "\u{F}", "\u{1B}[", "\u{9B}",
      "38;5;", "1", "99", "100", ",", "7", "m", "FF00FF", "x", "漢", "\u{7}",
    ]
    var generator = SplitMix(seed: 13)
    for _ in 0..<300 {
      let text = (0..<24).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }
        .joined()
      let line = Self.line(Self.irc("Bob", text), color: true)
      #expect(
        Self.sequencesAreAllowed(line), "\(text.debugDescription) -> \(line.debugDescription)")
      #expect(!line.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\u{1B}" })
      if let last = line.lastIndex(of: "\u{1B}"), !line[last...].hasPrefix("\u{1B}[0m") {
        Issue.record("a style outlives its line: \(line.debugDescription)")
      }
    }
  }

  /// Whether every ESC in `line` starts `ESC [ params m` with parameters IRC styles map to.
  static func sequencesAreAllowed(_ line: String) -> Bool {
    let own = Set(ANSIStyle.allCases.map(\.rawValue))
    var rest = Substring(line)
    while let escape = rest.firstIndex(of: "\u{1B}") {
      guard let end = rest[escape...].firstIndex(of: "m") else { return false }
      let sequence = String(rest[escape...end])
      rest = rest[rest.index(after: end)...]
      if own.contains(sequence) { continue }
      guard sequence.hasPrefix("\u{1B}[") else { return false }
      var numbers = sequence.dropFirst(2).dropLast().split(separator: ";").map { Int($0) ?? -1 }[
        ...]
      while let first = numbers.popFirst() {
        switch first {
        case 1, 3, 4, 7, 9: continue
        case 38, 48:
          switch numbers.popFirst() {
          case 5:
            guard let index = numbers.popFirst(), (0...255).contains(index) else { return false }
          case 2:
            for _ in 0..<3 {
              guard let value = numbers.popFirst(), (0...255).contains(value) else { return false }
            }
          default: return false
          }
        default: return false
        }
      }
    }
    return true
  }

  @Test func wrappingCountsOnlyVisibleColumns() {
    let message = Self.irc("Bob", "\u{2}漢字\u{2} \u{3}12,4colour\u{3} and \u{1F}more words here")
    let styled = Self.line(message, color: true, width: 16)
    let plain = Self.line(message, color: false, width: 16)
    #expect(Self.withoutEscapes(styled) == plain)
    #expect(plain.split(separator: "\n").allSatisfy { DisplayWidth.of(String($0)) <= 16 })
  }

  static func withoutEscapes(_ text: String) -> String {
    var result = ""
    var skipping = false
    for scalar in text.unicodeScalars {
      if scalar == "\u{1B}" {
        skipping = true
      } else if skipping {
        if scalar == "m" { skipping = false }
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  @Test func actionsReadAsStarNickText() {
    #expect(
      Self.line(Self.irc("Bob", "waves \u{2}hard", action: true), color: false)
        == "12:00:00 * Bob waves hard\n")
    var own = LineFormatterTests.message("PersonA", "waves", id: 2)
    own.isAction = true
    #expect(Self.line(own, color: false) == "12:00:00 * PersonA waves\n")
  }

  @Test func aMentionHighlightsItsSenderWithColour() {
    let mention = Self.irc("Bob", "PersonA: hi", mention: true)
    #expect(
      Self.line(mention, color: true)
        == "\u{1B}[2m12:00:00\u{1B}[0m < \u{1B}[1;7mBob\u{1B}[0m: PersonA: hi\n")
    #expect(Self.line(mention, color: false) == "12:00:00 < Bob: PersonA: hi\n")
  }

  @Test func failedMessagesShowTheirFormattingToo() {
    var lost = Self.irc("PersonA", "\u{2}lost")
    lost.isLocal = true
    let text = LineFormatterTests.transcript(LineFormatter(), entering: [], failing: [lost])
    #expect(text.hasSuffix("12:00:00 ! not delivered: lost\n"))
  }
}

/// A small seeded generator, so a failing case can be replayed.
private struct SplitMix {
  private var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
