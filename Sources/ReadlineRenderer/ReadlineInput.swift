import ChatCore
import ChatRendering
import ChatRuntime
import Glibc

/// The user at a terminal: readline reads the keys when the loop finds standard input ready.
///
/// Readable input (hang-ups and errors too, so end of file reaches readline) goes to
/// `rl_callback_read_char`; finished lines come back as events. Signals arrive from the loop's
/// signal pipe and are acted on here, on the loop's thread:
///
/// | signal          | what happens                                                     |
/// |-----------------|------------------------------------------------------------------|
/// | SIGINT (Ctrl-C) | clears the line; quits at once while the app is leaving          |
/// | SIGTERM, SIGHUP | `.terminated`: the run ends and reports the signal               |
/// | SIGWINCH        | readline re-reads the window size                                |
/// | SIGTSTP (Ctrl-Z)| the terminal is given back, the process stops, and resumes on fg |
/// | SIGCONT         | after a stop chat did not make, the input is drawn again         |
///
/// Ctrl-D on an empty line ends the input the first time and quits at once the second time
/// (or while the app is already leaving after `/quit`). Whether the app is leaving comes with
/// each call from the runtime, as the state stands.
final class ReadlineInput: ChatRuntime.Input {
  private let editor: LineEditor
  private var reportedEnd = false
  /// Whether the app was leaving when the runtime last called.
  private var isLeaving = false
  /// The step looked at and not yet taken.
  private var next: [InputEvent] = []

  /// Reads through `editor`.
  init(editor: LineEditor) {
    self.editor = editor
  }

  var descriptor: Int32? { STDIN_FILENO }

  var nextDeadline: Timestamp? { nil }

  var isInteractive: Bool { true }

  func readAvailable() { editor.readCharacter() }

  func handle(signal: Int32, at now: Timestamp, in state: AppState) -> InputEvent? {
    isLeaving = state.phase != .active
    return handle(signal)
  }

  func nextEvents(dueBy now: Timestamp, in state: AppState) -> [InputEvent] {
    isLeaving = state.phase != .active
    editor.reportsEdits = state.sendsTyping
    // Keys are read (and Tab completed) after this call, as the state stands now.
    if editor.completions.isStale(for: state) { editor.completions = CompletionContext(state) }
    if next.isEmpty { next = editor.takeEvents().flatMap { inputEvents(for: $0, in: state) } }
    return next
  }

  func takeNextEvents(at now: Timestamp) { next = [] }

  private func handle(_ signal: Int32) -> InputEvent? {
    switch signal {
    case SIGINT:
      if isLeaving { return .quitRequested }
      editor.cancelLine()
    case SIGTERM, SIGHUP:
      return .terminated(signal: signal)
    case SIGWINCH:
      editor.resize()
    case SIGTSTP:
      editor.suspend()
    case SIGCONT:
      editor.resumed()
    default:
      break
    }
    return nil
  }

  private func inputEvents(for event: LineEditor.Event, in state: AppState) -> [InputEvent] {
    switch event {
    case .line(let text):
      // A paste of several lines arrives as one (bracketed paste): one message where the
      // session takes several lines as one, else a message a line (`typedLines(pasted:)`).
      return state.typedLines(pasted: text).map(InputEvent.line)
    case .edited(let text):
      return [.edited(text)]
    case .endOfFile:
      if reportedEnd || isLeaving { return [.quitRequested] }
      reportedEnd = true
      return [.ended]
    }
  }
}
