/// What one seed of the record-and-replay property does, drawn from the seed alone, so that a
/// failing seed fails the same way again: what is typed, and the simulated peer's faults or
/// the network run's pacing and the other user's lines.
struct ReplayPlan {
  let seed: UInt64
  private var random: SplitMix

  init(seed: UInt64) {
    self.seed = seed
    random = SplitMix(seed: seed)
  }

  // MARK: The simulated peer

  /// Lines piped to a `--virtual-time` run: messages short and long (split by nothing, but
  /// long), hostile text, and the commands that change conversations, retry and leave.
  mutating func pipedLines() -> [String] {
    (0..<int(3...25)).map { _ in
      switch int(0...99) {
      case 0..<35: shortText()
      case 35..<45: longText()
      case 45..<50: hostileText()
      case 50..<58: "/retry"
      case 58..<62: "/me " + shortText()
      case 62..<66: "/msg bob " + shortText()
      case 66..<70: "/query carol"
      case 70..<76: "/switch \(int(1...3))"
      case 76..<79: "/join #x"
      case 79..<82: "/part"
      case 82..<84: "/list"
      case 84..<86: "/names"
      case 86..<89: ""
      case 89..<91: "/help"
      case 91..<93: "/quit"
      default: shortText()
      }
    }
  }

  /// `--faults` for the simulated peer: each kind sometimes off.
  mutating func faults() -> String {
    let drop = chance(70) ? int(0...30) : 0
    let duplicate = chance(60) ? int(0...20) : 0
    let jitter = chance(60) ? int(0...400) : 0
    let disconnect = chance(70) ? int(0...20) : 0
    return "drop=0.\(twoDigits(drop)),duplicate=0.\(twoDigits(duplicate)),jitter=\(jitter)ms,"
      + "disconnect=0.\(twoDigits(disconnect))"
  }

  /// `--burst`: how many messages the peer answers each with.
  mutating func burst() -> Int { chance(70) ? 1 : int(2...4) }

  /// Whether the last piped line has no newline.
  mutating func endsWithoutNewline() -> Bool { chance(15) }

  // MARK: A network run

  /// `--pacing` fast enough for a seed to take seconds, slow enough to queue a paste.
  mutating func pacing() -> String {
    ["2/20", "4/50", "8/30", "10/60", "5/40", "3/10"][int(0...5)]
  }

  /// A paste at the prompt: short lines, long ones that go out in parts, multi-byte text,
  /// actions.
  mutating func paste() -> [String] {
    (0..<int(5...20)).map { _ in
      switch int(0...9) {
      case 0..<5: shortText()
      // Not as long as piped ones: the terminal draws a pasted line again for every key.
      case 5..<8: longText(units: 100...400)
      case 8: "/me " + shortText()
      default: "é ü 👍🏽 " + shortText()
      }
    }
  }

  /// What the other user in the channel says while the paste goes out.
  mutating func talk() -> [String] {
    (0..<int(0...5)).map { _ in shortText() }
  }

  /// How long to wait, in milliseconds, after the paste before ending the input.
  mutating func pauseBeforeEnd() -> Int { [0, 0, 50, 300, 800][int(0...4)] }

  // MARK: Drawing

  private mutating func shortText() -> String {
    let words = ["hello", "deploy", "done", "ok", "ça va", "naïve", "42", "why?", "see #ops"]
    return (0..<int(1...6)).map { _ in words[int(0...(words.count - 1))] }.joined(
      separator: " ")
  }

  private mutating func longText(units: ClosedRange<Int> = 200...1500) -> String {
    let unit = chance(50) ? "x" : "ü€"
    return "long " + String(repeating: unit, count: int(units))
  }

  private mutating func hostileText() -> String {
    ["\u{1B}[2Jcleared?", "tab\there", "nul\u{0}byte", "\u{202E}reversed", "bell\u{7}"][
      int(0...4)]
  }

  private mutating func int(_ range: ClosedRange<Int>) -> Int {
    Int.random(in: range, using: &random)
  }

  private mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }

  private func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}

/// SplitMix64: a small deterministic generator.
private struct SplitMix: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed &* 0x2545_F491_4F6C_DD1D }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }
}
