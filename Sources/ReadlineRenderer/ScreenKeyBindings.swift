@preconcurrency import CReadline
import ChatRendering

/// Binds the full-screen mode's keys (`ScreenKey`, and Ctrl-L) in readline's emacs keymap, after
/// `~/.inputrc` is read: each records its key and leaves the line alone.
///
/// Alt-1 … Alt-0 take the place of readline's numeric arguments, Ctrl-N and Ctrl-P that of
/// walking history (Up and Down still do), Ctrl-L that of readline's own clear-screen, which
/// would write over the frame, and Ctrl-S that of searching history forwards (Ctrl-R still
/// searches backwards): it starts a `/search` of the conversation.
enum ScreenKeyBindings {
  static func install() {
    for digit in 0...9 { rl_bind_keyseq("\u{1B}\(digit)", switchToWindow) }
    rl_bind_keyseq("\u{0E}", nextWindow)
    rl_bind_keyseq("\u{10}", previousWindow)
    rl_bind_keyseq("\u{1B}a", nextActivity)
    rl_bind_keyseq("\u{1B}[5~", pageUp)
    rl_bind_keyseq("\u{1B}[6~", pageDown)
    rl_bind_keyseq("\u{1B}B", toggleBufferList)
    rl_bind_keyseq("\u{1B}N", toggleNickList)
    rl_bind_keyseq("\u{0C}", redraw)
    rl_bind_keyseq("\u{13}", startSearch)
  }
}

/// Alt-digit: the key is the digit; Alt-0 is the tenth conversation.
private func switchToWindow(_ count: Int32, _ key: Int32) -> Int32 {
  let digit = Int(key) - Int(UInt8(ascii: "0"))
  guard (0...9).contains(digit) else { return 0 }
  ScreenEditor.record(.key(.window(digit == 0 ? 10 : digit)))
  return 0
}

private func nextWindow(_ count: Int32, _ key: Int32) -> Int32 { record(.nextWindow) }
private func previousWindow(_ count: Int32, _ key: Int32) -> Int32 { record(.previousWindow) }
private func nextActivity(_ count: Int32, _ key: Int32) -> Int32 { record(.nextActivity) }
private func pageUp(_ count: Int32, _ key: Int32) -> Int32 { record(.pageUp) }
private func pageDown(_ count: Int32, _ key: Int32) -> Int32 { record(.pageDown) }
private func toggleBufferList(_ count: Int32, _ key: Int32) -> Int32 {
  record(.toggleBufferList)
}
private func toggleNickList(_ count: Int32, _ key: Int32) -> Int32 { record(.toggleNickList) }
private func redraw(_ count: Int32, _ key: Int32) -> Int32 {
  ScreenEditor.record(.redraw)
  return 0
}
private func startSearch(_ count: Int32, _ key: Int32) -> Int32 {
  ScreenEditor.startSearch()
  return 0
}

private func record(_ key: ScreenKey) -> Int32 {
  ScreenEditor.record(.key(key))
  return 0
}
