@preconcurrency import CReadline

/// The keys that type IRC formatting codes on a network run, as irssi and WeeChat users type
/// them: Ctrl-B for bold (irssi, mIRC, HexChat), and Ctrl-X then a letter for each code
/// (WeeChat's letters after Ctrl-C, which here clears the line): `b` bold, `c` colour (type
/// the colour numbers after it, `4` or `4,1`), `i` italic, `u` underline, `s` strikethrough,
/// `m` monospace, `v` reverse, `o` reset.
///
/// A code shows at the prompt as readline shows any control character (`^B`), and goes out as
/// typed. Bound after `~/.inputrc` is read, and only where the key still does what readline
/// does by default (Ctrl-B moving back, the Ctrl-X letters unbound), so a user's own binding
/// wins; ← still moves back.
enum FormattingKeys {
  /// Binds the keys in the emacs keymap (readline's default).
  static func install() {
    guard let map = rl_get_keymap_by_name("emacs-standard") else { return }
    bind("\u{2}", "\\C-b", insertBold, map, unless: rl_backward_char)
    bind("\u{18}b", "\\C-xb", insertBold, map)
    bind("\u{18}c", "\\C-xc", insertColor, map)
    bind("\u{18}i", "\\C-xi", insertItalic, map)
    bind("\u{18}u", "\\C-xu", insertUnderline, map)
    bind("\u{18}s", "\\C-xs", insertStrikethrough, map)
    bind("\u{18}m", "\\C-xm", insertMonospace, map)
    bind("\u{18}v", "\\C-xv", insertReverse, map)
    bind("\u{18}o", "\\C-xo", insertReset, map)
  }

  /// Binds `sequence` (`keys` as bytes) to `command` when it is unbound, or bound to
  /// readline's default `unless`.
  private static func bind(
    _ keys: String, _ sequence: String, _ command: @convention(c) (Int32, Int32) -> Int32,
    _ map: Keymap, unless standard: (@convention(c) (Int32, Int32) -> Int32)? = nil
  ) {
    var type: Int32 = 0
    let current = rl_function_of_keyseq(keys, map, &type)
    guard current == nil || address(of: current) == address(of: standard) else { return }
    rl_bind_keyseq_in_map(sequence, command, map)
  }
}

/// A command's address: function values are not `Equatable`, their C pointers are.
private func address(of command: (@convention(c) (Int32, Int32) -> Int32)?) -> UnsafeRawPointer? {
  unsafeBitCast(command, to: UnsafeRawPointer?.self)
}

private func insertCode(_ code: String) -> Int32 {
  code.withCString { _ = rl_insert_text($0) }
  return 0
}

private func insertBold(_ count: Int32, _ key: Int32) -> Int32 { insertCode("\u{02}") }
private func insertColor(_ count: Int32, _ key: Int32) -> Int32 { insertCode("\u{03}") }
private func insertItalic(_ count: Int32, _ key: Int32) -> Int32 { insertCode("\u{1D}") }
private func insertUnderline(_ count: Int32, _ key: Int32) -> Int32 { insertCode("\u{1F}") }
private func insertStrikethrough(_ count: Int32, _ key: Int32) -> Int32 { insertCode("\u{1E}") }
private func insertMonospace(_ count: Int32, _ key: Int32) -> Int32 { insertCode("\u{11}") }
private func insertReverse(_ count: Int32, _ key: Int32) -> Int32 { insertCode("\u{16}") }
private func insertReset(_ count: Int32, _ key: Int32) -> Int32 { insertCode("\u{0F}") }
