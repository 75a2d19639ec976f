import Glibc

/// The terminal settings line mode found, for the fatal-signal handler. A signal handler can
/// reach nothing else, so this is a global; it is written once, before any handler is set.
nonisolated(unsafe) private var savedModes = UnsafeMutablePointer<termios>.allocate(capacity: 1)
/// What the fatal-signal handler writes to the terminal: bracketed paste off, and for the full
/// screen the attributes reset, the cursor shown and the alternate screen left. Written once,
/// before any handler is set.
nonisolated(unsafe) private var farewell: StaticString = "\u{1B}[?2004l"
/// Each fatal signal's previous action, indexed by signal number, so a crash still reaches
/// Swift's backtracer (or the default action) after the terminal is repaired.
nonisolated(unsafe) private var previousActions = UnsafeMutablePointer<sigaction>.allocate(
  capacity: 65)

/// Saves the terminal's settings and puts them back on every way out, crashes included.
///
/// Readline restores the terminal itself on a normal exit; a crash (a Swift trap is SIGILL or
/// SIGTRAP) while it owns the terminal would leave the shell without echo. So fatal signals get
/// a handler that restores the saved `termios` (`tcsetattr` is async-signal-safe), turns
/// bracketed paste off (and leaves the full screen's alternate screen), puts back the previous action and raises the signal again.
final class TerminalModes {
  /// The signals that end the process abnormally.
  static let fatalSignals = [SIGSEGV, SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE]

  private let descriptor: Int32
  private var isSaved = false

  /// What a crash writes on the full screen: line mode's, then the shell's screen back.
  static let fullScreenFarewell: StaticString = "\u{1B}[?2004l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

  /// Saves the settings of the terminal on `descriptor` and installs the fatal handlers,
  /// which write `crashFarewell` after restoring them.
  init(descriptor: Int32, crashFarewell: StaticString = "\u{1B}[?2004l") {
    self.descriptor = descriptor
    farewell = crashFarewell
    guard tcgetattr(descriptor, savedModes) == 0 else { return }
    isSaved = true
    for signal in Self.fatalSignals {
      var action = sigaction()
      action.__sigaction_handler.sa_sigaction = restoreTerminalAndReraise
      sigemptyset(&action.sa_mask)
      action.sa_flags = SA_SIGINFO
      sigaction(signal, &action, previousActions + Int(signal))
    }
  }

  /// Puts the saved settings back and the previous fatal-signal actions with them.
  func restore() {
    guard isSaved else { return }
    isSaved = false
    for signal in Self.fatalSignals { sigaction(signal, previousActions + Int(signal), nil) }
    tcsetattr(descriptor, TCSADRAIN, savedModes)
  }
}

/// Runs inside a fatal signal: only async-signal-safe calls.
///
/// A real fault goes on to the previous action (Swift's backtracer prints the crash, then
/// the faulting instruction runs again and the default action ends the process). A fatal
/// signal sent by another process (`kill -SEGV`) takes the default action directly: the
/// backtracer returns from such a signal, which would leave chat running on a cooked terminal.
private func restoreTerminalAndReraise(
  _ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?
) {
  tcsetattr(STDIN_FILENO, TCSANOW, savedModes)
  _ = write(STDOUT_FILENO, farewell.utf8Start, farewell.utf8CodeUnitCount)
  if let info, info.pointee.si_code == Int32(SI_USER) {
    var fallback = sigaction()
    fallback.__sigaction_handler.sa_handler = SIG_DFL
    sigaction(signal, &fallback, nil)
  } else {
    sigaction(signal, previousActions + Int(signal), nil)
  }
  // Blocked while this handler runs, so delivered to that action as soon as it returns.
  raise(signal)
}
