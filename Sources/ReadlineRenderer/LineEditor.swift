@preconcurrency import CReadline
import Glibc

/// The editor readline's line handler reports to.
///
/// Readline calls its line handler through a plain C function pointer, which cannot capture
/// Swift state, and a process has exactly one readline. So the one piece of context the
/// handler needs lives here: set by `LineEditor.install`, cleared by `remove`, and only ever
/// touched on the loop's thread (readline calls the handler from `rl_callback_read_char`).
nonisolated(unsafe) private var handlerTarget: LineEditor?

/// GNU readline in callback mode: the prompt, the line being edited, and output above them.
///
/// Every `rl_*` call of line mode happens here, on the loop's thread, never in a signal
/// handler. Output above the prompt is batched into one redraw (see `redraw(printing:)`), the
/// sequence that keeps the typed text and the cursor intact while readline owns the bottom rows.
final class LineEditor {
  /// What the user finished since the last `takeEvents`.
  enum Event: Equatable {
    /// Enter: the text of the line.
    case line(String)
    /// Ctrl-D on an empty line (or the terminal went away).
    case endOfFile
    /// The line being edited changed: now this text (empty once cleared or sent). Reported
    /// only while `reportsEdits`.
    case edited(String)
  }

  private(set) var isInstalled = false
  /// Where finished lines are remembered; set before the first redraw.
  var history = HistoryFile(path: nil)
  private var events: [Event] = []
  private var prompt = Prompt.plain
  /// Set by `suspend`, which redraws by itself, so the SIGCONT that follows does not.
  private var redrawnAfterStop = false
  /// Whether the cursor may be moved with ANSI sequences (not on `TERM=dumb`).
  private let canMoveCursor: Bool
  /// Whether the terminal lays wrapped rows out again when its width changes.
  private let terminalReflows = ResizeErase.terminalReflows(
    environment: ResizeErase.environment())
  /// The names Tab completes, as the input last saw the state.
  var completions = CompletionContext()
  /// Whether Ctrl-B and the Ctrl-X letters type IRC formatting codes (`FormattingKeys`).
  var bindsFormattingKeys = false
  /// Set when a key bound by `AcceptKeys` erased the input just before readline finished it.
  private var erasedBeforeAccepting = false
  /// Whether changes to the line being edited are reported (`Event.edited`): typing is told.
  var reportsEdits = false
  /// The line as last reported.
  private var reportedLine = ""

  /// Creates an editor; nothing touches the terminal until the first redraw.
  init(canMoveCursor: Bool) {
    self.canMoveCursor = canMoveCursor
  }

  /// Hands readline the terminal: raw mode, the prompt, the line handler and completion.
  private func install() {
    ReadlineTerminal.configure()
    handlerTarget = self
    isInstalled = true
    rl_callback_handler_install(prompt.text, handleLine)
    // No control or bidi character echoed raw. Set after the install: readline skips reading
    // the terminal's capabilities when a redisplay function is already set.
    rl_redisplay_function = redisplaySafely
    AcceptKeys.install()  // After the install, which reads ~/.inputrc.
    if bindsFormattingKeys { FormattingKeys.install() }
  }

  /// Called by the keys that finish a line, before readline finishes it: erases the prompt and
  /// the input, on exactly the rows readline drew them, and leaves the cursor where the prompt
  /// started, so readline's final update has nothing left to move over.
  static func eraseInputBeforeAccepting() {
    guard let editor = handlerTarget, editor.canMoveCursor else { return }
    // Readline redraws the line to unhighlight a paste (the active region) as it accepts it.
    rl_deactivate_mark()
    rl_clear_visible_line()
    rl_on_new_line()
    editor.erasedBeforeAccepting = true
  }

  /// The installed editor's completions (none when no editor is installed), for readline's
  /// completion function, which cannot capture it.
  static var completionContext: CompletionContext {
    handlerTarget?.completions ?? ScreenEditor.completionContext ?? .init()
  }

  /// Gives the terminal back in the state readline found it. Safe to call twice.
  func remove() {
    guard isInstalled else { return }
    rl_callback_handler_remove()
    ReadlineTerminal.giveBack()
    isInstalled = false
    handlerTarget = nil
  }

  /// Lets readline read what is waiting on standard input; finished lines become events, and
  /// so does the line being edited when it changed (while `reportsEdits`).
  func readCharacter() {
    guard isInstalled else { return }
    let finished = events.count
    rl_callback_read_char()
    guard reportsEdits else { return }
    // A line finished in this read is sent: what is being edited now starts empty.
    let accepted = events[finished...].contains { if case .line = $0 { true } else { false } }
    let line = accepted ? "" : Self.editedLine()
    guard line != reportedLine else { return }
    reportedLine = line
    events.append(.edited(line))
  }

  /// The text of the line being edited.
  private static func editedLine() -> String {
    guard let line = rl_line_buffer, rl_end > 0 else { return "" }
    return String(
      decoding: UnsafeRawBufferPointer(start: line, count: Int(rl_end)), as: UTF8.self)
  }

  /// The events since the last call, oldest first.
  func takeEvents() -> [Event] {
    defer { events.removeAll() }
    return events
  }

  /// Shows `bytes` (whole lines) above the prompt and the prompt `newPrompt` below them, in one
  /// redraw; starts readline on the first call, after the first output.
  func redraw(printing bytes: [UInt8], prompt newPrompt: Prompt) {
    guard isInstalled else {
      prompt = newPrompt
      write(bytes)
      install()
      return
    }
    // A search (Ctrl-R) or numeric argument shows its own prompt and puts the saved one back
    // when it ends: a new prompt waits for the first redraw after that.
    let isPromptBusy =
      rl_readline_state & UInt(RL_STATE_ISEARCH | RL_STATE_NSEARCH | RL_STATE_NUMERICARG) != 0
    let promptChanged = newPrompt != prompt && !isPromptBusy
    guard promptChanged || !bytes.isEmpty else { return }
    if promptChanged {
      prompt = newPrompt
      rl_set_prompt(prompt.text)
    }
    rl_clear_visible_line()
    write(bytes)
    rl_on_new_line()
    redisplaySafely()
  }

  /// Shows `bytes` in place of the prompt, and gives the terminal back for good.
  func finish(printing bytes: [UInt8]) {
    if isInstalled { rl_clear_visible_line() }
    write(bytes)
    // After a Ctrl-D, readline would end bracketed paste with a newline: a stray empty row.
    rl_eof_found = 0
    remove()
  }

  /// Ctrl-C: forgets the line being edited (and any search in progress) and shows an empty one.
  func cancelLine() {
    guard isInstalled else { return }
    if reportsEdits, !reportedLine.isEmpty {
      reportedLine = ""
      events.append(.edited(""))
    }
    rl_free_line_state()
    rl_callback_sigcleanup()
    rl_replace_line("", 0)
    using_history()  // Up starts again from the newest entry.
    rl_clear_visible_line()
    rl_on_new_line()
    redisplaySafely()
  }

  /// The window changed size: erases the prompt and the input where the terminal now shows
  /// them, and draws them again at the new width (see `ResizeErase`).
  func resize() {
    guard isInstalled else { return }
    var rows: Int32 = 0
    var oldColumns: Int32 = 0
    rl_get_screen_size(&rows, &oldColumns)
    rl_reset_screen_size()
    var newColumns: Int32 = 0
    rl_get_screen_size(&rows, &newColumns)
    guard canMoveCursor, !Self.isOn("horizontal-scroll-mode") else {
      rl_forced_update_display()
      return
    }
    let up = ResizeErase.rowsAboveCursor(
      promptColumns: prompt.columns, shownBeforeCursor: PromptEcho.shownBeforePoint(),
      oldColumns: Int(oldColumns), newColumns: Int(newColumns), terminalReflows: terminalReflows)
    write(Array(("\r" + (up > 0 ? "\u{1B}[\(up)A" : "") + "\u{1B}[J").utf8))
    rl_on_new_line()
    redisplaySafely()
  }

  /// Ctrl-Z: gives the terminal back (keeping the line), stops, and takes it again on `fg`.
  func suspend() {
    if isInstalled {
      rl_clear_visible_line()
      ReadlineTerminal.giveBack()
      flushOutput()
    }
    var stop = sigaction()
    var previous = sigaction()
    stop.__sigaction_handler.sa_handler = SIG_DFL
    sigemptyset(&stop.sa_mask)
    sigaction(SIGTSTP, &stop, &previous)
    raise(SIGTSTP)  // Stops here until SIGCONT.
    sigaction(SIGTSTP, &previous, nil)
    if isInstalled {
      ReadlineTerminal.take()
      rl_forced_update_display()
    }
    redrawnAfterStop = true
  }

  /// SIGCONT: after a stop chat did not ask for (SIGSTOP), the shell has printed below the
  /// input and may have changed the modes: take the terminal again and draw the input anew.
  func resumed() {
    guard !redrawnAfterStop else {
      redrawnAfterStop = false
      return
    }
    guard isInstalled else { return }
    ReadlineTerminal.giveBack()
    ReadlineTerminal.take()
    rl_crlf()
    rl_forced_update_display()
  }

  /// Called by readline when a line is finished: records the line and erases the
  /// rows it took, so the message shows once, in the transcript, as the seed's field clears.
  fileprivate func accept(_ line: UnsafeMutablePointer<CChar>?) {
    guard let line else {
      events.append(.endOfFile)
      // The next prompt takes this prompt's row; readline left the cursor after it (the
      // terminal's modes are held, so readline did not end bracketed paste with a newline).
      if canMoveCursor { write(Array("\r\u{1B}[K".utf8)) }
      return
    }
    let text = String(cString: line)
    free(line)
    events.append(.line(text))
    // Now, before readline starts the next line from the end of history.
    history.add(text)
    if erasedBeforeAccepting {
      erasedBeforeAccepting = false
    } else if canMoveCursor, !Self.isOn("horizontal-scroll-mode") {
      // Finished by a key chat did not rebind: count the rows instead.
      var rows: Int32 = 0
      var columns: Int32 = 0
      rl_get_screen_size(&rows, &columns)
      let used = InputGeometry.rows(
        promptColumns: prompt.columns, line: text, screenColumns: Int(columns))
      write(Array("\r\u{1B}[\(used)A\u{1B}[J".utf8))
    }
  }

  /// Whether readline's boolean `variable` is on (the default, or as set in ~/.inputrc).
  private static func isOn(_ variable: String) -> Bool {
    let value: UnsafeMutablePointer<CChar>? = rl_variable_value(variable)
    return value.map { String(cString: $0) } == "on"
  }

  /// Writes through C `stdout`, the stream readline draws with (its default `rl_outstream`),
  /// so the two never interleave out of order.
  private func write(_ bytes: [UInt8]) {
    if !bytes.isEmpty {
      bytes.withUnsafeBytes { _ = fwrite($0.baseAddress, 1, $0.count, chat_stdout()) }
    }
    flushOutput()
  }

  private func flushOutput() {
    fflush(chat_stdout())
  }
}

/// Readline's line handler: forwards to the installed editor.
private func handleLine(_ line: UnsafeMutablePointer<CChar>?) {
  if let handlerTarget {
    handlerTarget.accept(line)
  } else {
    free(line)
  }
}
