import ChatCore
import ChatRendering
import ChatRuntime
import Glibc

/// The user at a terminal: readline reads the keys, the loop's poll decides when.
///
/// Waiting polls standard input and the signal pipe until the deadline. Readable input
/// (hang-ups and errors too, so end of file reaches readline) goes to `rl_callback_read_char`;
/// finished lines come back as events. Signals are acted on here, on the loop's thread:
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
/// (or while the app is already leaving after `/quit`).
final class ReadlineInput: ChatRuntime.Input {
  private let editor: LineEditor
  private let renderer: TerminalRenderer
  private let signals: SignalWatcher
  private let pacing: FileInput.Pacing
  private var reportedEnd = false

  /// Reads through `editor`; `renderer` says whether the app is leaving.
  init(
    editor: LineEditor, renderer: TerminalRenderer, signals: SignalWatcher,
    pacing: FileInput.Pacing
  ) {
    self.editor = editor
    self.renderer = renderer
    self.signals = signals
    self.pacing = pacing
  }

  func wait(
    until deadline: Timestamp?, flush: () throws(SinkError) -> Void
  ) throws(SinkError) -> [InputEvent] {
    while true {
      try flush()
      var timeout: Int32 = -1
      switch (pacing, deadline) {
      case (.virtual(let clock), let deadline?):
        clock.advance(to: deadline)  // Virtual time: the session's next event happens now.
        return []
      case (.live(let clock), let deadline?):
        timeout = Int32(clamping: max(0, clock.now.milliseconds(to: deadline)))
      case (_, nil):
        break
      }
      var fds = [
        pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
        pollfd(fd: signals.descriptor, events: Int16(POLLIN), revents: 0),
      ]
      let ready = poll(&fds, nfds_t(fds.count), timeout)
      if ready < 0 { continue }  // EINTR: a signal; its byte is in the pipe.
      var events: [InputEvent] = []
      for signal in signals.drain() {
        if let event = handle(signal) { events.append(event) }
      }
      if fds[0].revents != 0 { editor.readCharacter() }
      events += editor.takeEvents().flatMap(inputEvents(for:))
      if !events.isEmpty || ready == 0 { return events }
    }
  }

  private func handle(_ signal: Int32) -> InputEvent? {
    switch signal {
    case SIGINT:
      if renderer.isLeaving { return .quitRequested }
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

  private func inputEvents(for event: LineEditor.Event) -> [InputEvent] {
    switch event {
    case .line(let text):
      // A paste of several lines arrives as one (bracketed paste): each line is a message.
      return text.split(separator: "\n", omittingEmptySubsequences: false).map {
        .line(String($0))
      }
    case .endOfFile:
      if reportedEnd || renderer.isLeaving { return [.quitRequested] }
      reportedEnd = true
      return [.ended]
    }
  }
}
