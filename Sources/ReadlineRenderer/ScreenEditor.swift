@preconcurrency import CReadline
import ChatRendering
import Glibc
import LineRenderer
import ScreenRenderer

/// The screen editor readline's callbacks report to; see `handlerTarget` in `LineEditor` for
/// why a global. Set by `install`, cleared by `remove`, touched only on the loop's thread.
nonisolated(unsafe) private var screenTarget: ScreenEditor?

/// GNU readline in callback mode for the full-screen mode's input row: readline edits the
/// line (history, Ctrl-R, completion, bracketed paste) and chat draws it.
///
/// Readline's own drawing is replaced (`rl_redisplay_function`): each time it would redisplay,
/// `onRedisplay` is called and draws the input row into the screen. The keys of `ScreenKey`
/// are bound to functions that only record the key; the loop acts on them.
final class ScreenEditor {
  /// What the user did since the last `takeEvents`.
  enum Event: Equatable {
    /// Enter: the text of the line.
    case line(String)
    /// Ctrl-D on an empty line (or the terminal went away).
    case endOfFile
    /// A key of the screen.
    case key(ScreenKey)
    /// Ctrl-L: the whole screen drawn again.
    case redraw
  }

  private(set) var isInstalled = false
  /// Where finished lines are remembered.
  var history = HistoryFile(path: nil)
  /// The names Tab completes, as the input last saw the state.
  var completions = CompletionContext()
  /// Draws the input row; readline calls it through its redisplay function.
  var onRedisplay: () -> Void = {}
  private var events: [Event] = []
  /// Tab's last ambiguous completions, and the line they were offered for: shown while the
  /// line stays as it was.
  private var offered: (line: [UInt8], candidates: [String])?

  /// The completions of the installed screen editor, for readline's completion function.
  static var completionContext: CompletionContext? { screenTarget?.completions }

  /// Hands readline the terminal: raw mode, the line handler, the keys, completion.
  func install() {
    ReadlineTerminal.configure()
    screenTarget = self
    isInstalled = true
    rl_callback_handler_install("", handleScreenLine)
    rl_redisplay_function = redisplayScreenInput
    // Readline would print the candidates below its line, over the screen: chat lists them.
    rl_completion_display_matches_hook = displayScreenMatches
    ScreenKeyBindings.install()
  }

  /// Gives the terminal back in the state readline found it. Safe to call twice.
  func remove() {
    guard isInstalled else { return }
    rl_callback_handler_remove()
    ReadlineTerminal.giveBack()
    isInstalled = false
    screenTarget = nil
  }

  /// Lets readline read what is waiting on standard input.
  func readCharacter() {
    if isInstalled { rl_callback_read_char() }
  }

  /// The events since the last call, oldest first.
  func takeEvents() -> [Event] {
    defer { events.removeAll() }
    return events
  }

  /// The line being typed as the input row shows it (sanitised) and the cursor's column.
  var input: InputRow {
    guard isInstalled, let line = rl_line_buffer, rl_end > 0 else { return InputRow() }
    let bytes = UnsafeRawBufferPointer(start: line, count: Int(rl_end))
    let point = Int(max(0, min(rl_point, rl_end)))
    let (shown, offset) =
      PromptEcho.shown(bytes).map { ($0.bytes, $0.offsets[point]) } ?? (Array(bytes), point)
    let text = String(decoding: shown, as: UTF8.self)
    let before = String(decoding: shown.prefix(offset), as: UTF8.self)
    let candidates = offered.flatMap { $0.line.elementsEqual(bytes) ? $0.candidates : nil }
    return InputRow(text: text, cursor: DisplayWidth.of(before), candidates: candidates ?? [])
  }

  /// Tab found several completions: the input row lists them until the line changes.
  fileprivate func offer(_ candidates: [String]) {
    let line =
      rl_line_buffer.map { Array(UnsafeRawBufferPointer(start: $0, count: Int(rl_end))) } ?? []
    offered = (line, candidates)
    onRedisplay()
  }

  /// Ctrl-C: forgets the line being edited and any search in progress.
  func cancelLine() {
    guard isInstalled else { return }
    rl_free_line_state()
    rl_callback_sigcleanup()
    rl_replace_line("", 0)
    using_history()
    onRedisplay()
  }

  /// Puts `text` in the input, the cursor at its end (Ctrl-S: `/search `).
  func replaceLine(with text: String) {
    guard isInstalled else { return }
    rl_replace_line(text, 0)
    rl_point = rl_end
    onRedisplay()
  }

  /// Gives the terminal's modes back (Ctrl-Z), keeping the line.
  func deprepare() {
    if isInstalled { ReadlineTerminal.giveBack() }
  }

  /// Takes the terminal's modes again (on `fg`).
  func prepare() {
    if isInstalled { ReadlineTerminal.take() }
  }

  fileprivate func record(_ event: Event) {
    events.append(event)
  }

  fileprivate func accept(_ line: UnsafeMutablePointer<CChar>?) {
    guard let line else {
      events.append(.endOfFile)
      return
    }
    let text = String(cString: line)
    free(line)
    events.append(.line(text))
    history.add(text)
  }

  /// Records `event` for the installed editor (called from readline's key functions).
  static func record(_ event: Event) {
    screenTarget?.record(event)
  }
}

/// Readline's line handler in the full-screen mode.
private func handleScreenLine(_ line: UnsafeMutablePointer<CChar>?) {
  if let screenTarget {
    screenTarget.accept(line)
  } else {
    free(line)
  }
}

/// Readline's display of ambiguous completions in the full-screen mode: `matches[1...count]`
/// are the candidates (`matches[0]` is what they share), handed to the editor to list.
private func displayScreenMatches(
  _ matches: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ count: Int32,
  _ longest: Int32
) {
  guard let matches, count > 0 else { return }
  let candidates = (1...Int(count)).compactMap { matches[$0].map { String(cString: $0) } }
  screenTarget?.offer(candidates)
}

/// Readline's redisplay function in the full-screen mode: chat draws the input row.
private func redisplayScreenInput() {
  screenTarget?.onRedisplay()
}

extension ScreenEditor {
  /// Ctrl-S: the input becomes `/search ` for the text to find.
  static func startSearch() {
    screenTarget?.replaceLine(with: "/search ")
  }
}
