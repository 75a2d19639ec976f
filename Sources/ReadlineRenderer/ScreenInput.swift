import ChatCore
import ChatRendering
import ChatRuntime
import Glibc

/// The user at the full-screen terminal: readline reads the keys (`ScreenEditor`), and the
/// loop's calls, which carry the state, are where the screen acts on them and draws.
///
/// Each turn of the loop asks for the next events with the state: a key of the screen goes
/// to the loop as pressed (`InputEvent.pressed`: a switch types its command, `/win N`, the
/// others reach the screen as `Renderer.press`; `--record` keeps them as `key` entries),
/// and a frame is drawn if one is due. (`/search TEXT` is a line like any other: the core
/// answers it with a notice, which sets the view's search.) When a frame has to wait (the last was under
/// 16 ms ago), `nextDeadline` wakes the loop for it. Signals as in line mode (`ReadlineInput`):
/// SIGWINCH redraws at the new size, Ctrl-Z leaves the alternate screen until `fg`.
final class ScreenInput: ChatRuntime.Input {
  private let editor: ScreenEditor
  private let screen: ScreenTerminal
  private var reportedEnd = false
  private var isLeaving = false
  private var next: [InputEvent] = []
  private var frameDue: Timestamp?

  init(editor: ScreenEditor, screen: ScreenTerminal) {
    self.editor = editor
    self.screen = screen
  }

  var descriptor: Int32? { STDIN_FILENO }

  var nextDeadline: Timestamp? { frameDue }

  var isInteractive: Bool { true }

  func readAvailable() { editor.readCharacter() }

  func handle(signal: Int32, at now: Timestamp, in state: AppState) -> InputEvent? {
    isLeaving = state.phase != .active
    switch signal {
    case SIGINT:
      if isLeaving { return .quitRequested }
      editor.cancelLine()
    case SIGTERM, SIGHUP:
      return .terminated(signal: signal)
    case SIGWINCH:
      screen.invalidate()
    case SIGTSTP:
      suspend()
    case SIGCONT:
      // After a stop chat did not make (SIGSTOP), or after its own: the shell may have
      // changed the modes and drawn on the screen. Taking both again costs one full frame; a
      // stop of its own is not always followed by SIGCONT (the kernel does not stop a process
      // group without a job-control shell), so nothing is counted on it.
      editor.deprepare()
      editor.prepare()
      screen.write(screen.strings.enterAlternateScreen)
      screen.invalidate()
    default:
      break
    }
    return nil
  }

  func nextEvents(dueBy now: Timestamp, in state: AppState) -> [InputEvent] {
    isLeaving = state.phase != .active
    if editor.completions.isStale(for: state) { editor.completions = CompletionContext(state) }
    if next.isEmpty {
      next = editor.takeEvents().flatMap { inputEvents(for: $0, in: state) }
    }
    frameDue = screen.drawIfDue(state).map { wait in
      now.advanced(byMilliseconds: Int64((wait + 999_999) / 1_000_000))
    }
    return next
  }

  func takeNextEvents(at now: Timestamp) { next = [] }

  /// Ctrl-Z: the shell's screen back and the terminal's modes, a stop, and on `fg` the
  /// alternate screen again, drawn anew.
  private func suspend() {
    editor.deprepare()
    screen.write(screen.strings.leaveAlternateScreen + screen.strings.showCursor)
    var stop = sigaction()
    var previous = sigaction()
    stop.__sigaction_handler.sa_handler = SIG_DFL
    sigemptyset(&stop.sa_mask)
    sigaction(SIGTSTP, &stop, &previous)
    raise(SIGTSTP)  // Stops here until SIGCONT.
    sigaction(SIGTSTP, &previous, nil)
    editor.prepare()
    screen.write(screen.strings.enterAlternateScreen)
    screen.invalidate()
  }

  private func inputEvents(for event: ScreenEditor.Event, in state: AppState) -> [InputEvent] {
    switch event {
    case .line(let text):
      // A paste of several lines arrives as one (bracketed paste): one message where the
      // session takes several lines as one, else a message a line (`typedLines(pasted:)`).
      return state.typedLines(pasted: text).map(InputEvent.line)
    case .endOfFile:
      if reportedEnd || isLeaving { return [.quitRequested] }
      reportedEnd = true
      return [.ended]
    case .key(let key):
      return [.pressed(key)]
    case .redraw:
      screen.invalidate()
      return []
    }
  }
}
