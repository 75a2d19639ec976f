@preconcurrency import CReadline

/// What both editors ask of GNU readline before installing their line handler, and the
/// terminal's modes, held raw from the install to the removal.
///
/// In callback mode readline gives the terminal back after every finished line and takes it
/// again before the next. For that moment the terminal is cooked, and keys that arrive then are
/// the kernel's: echoed raw, and a Ctrl-D turned into a NUL byte, so a Ctrl-D typed straight
/// after a pasted block could be lost and chat never left. chat holds the modes instead:
/// readline's prepare hook prepares (once: readline keeps count), its restore hook does nothing,
/// and `giveBack()` restores them on removal and on Ctrl-Z.
enum ReadlineTerminal {
  /// The settings both editors share, and the hooks that hold the terminal's modes.
  static func configure() {
    rl_catch_signals = 0  // Signals arrive through the loop's self-pipe instead.
    rl_catch_sigwinch = 0
    rl_change_environment = 0
    rl_readline_name = UnsafePointer(strdup("chat"))  // For `$if chat` in ~/.inputrc.
    rl_attempted_completion_function = completeCommand
    // Only blanks end a word to complete: `#` starts a channel's name, nicks may hold `|`.
    rl_completer_word_break_characters = UnsafePointer(strdup(" \t"))
    rl_getc_function = readRepairedKey  // Ill-formed UTF-8 typed becomes U+FFFD.
    rl_prep_term_function = { meta in rl_prep_terminal(meta) }
    rl_deprep_term_function = {}
  }

  /// Restores the modes readline found (a second call does nothing).
  static func giveBack() {
    rl_deprep_terminal()
  }

  /// Takes the terminal's modes again (a second call does nothing).
  static func take() {
    rl_prep_terminal(1)
  }
}
