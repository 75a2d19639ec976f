import ChatCore

/// The text readline shows before the input, and how many columns it takes.
///
///     >                          nothing in flight
///     [2 pending] >              two messages await their echo or reply
///     [leaving, 1 pending] >     after Ctrl-D or /quit, until the last reply arrives
struct Prompt: Equatable {
  /// The prompt for readline: colour escapes wrapped in `\u{1}`…`\u{2}` so readline does not
  /// count them as columns.
  var text: String
  /// The columns the prompt takes on screen.
  var columns: Int

  /// The prompt with nothing to report.
  static let plain = Prompt(text: "> ", columns: 2)

  /// The prompt that shows `state`'s messages in flight and whether the app is leaving.
  init(for state: AppState, color: Bool) {
    var hint: [String] = []
    if state.phase != .active { hint.append("leaving") }
    if state.inFlightCount > 0 { hint.append("\(state.inFlightCount) pending") }
    guard !hint.isEmpty else {
      self = .plain
      return
    }
    let visible = "[" + hint.joined(separator: ", ") + "]"
    columns = visible.count + 3
    if color {
      text = "\u{1}\(ANSIStyle.dim.rawValue)\u{2}\(visible)\u{1}\(ANSIStyle.reset.rawValue)\u{2} > "
    } else {
      text = visible + " > "
    }
  }

  init(text: String, columns: Int) {
    self.text = text
    self.columns = columns
  }
}
