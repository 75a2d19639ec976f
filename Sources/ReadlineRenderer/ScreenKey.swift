/// A key of the full-screen mode that is not editing: what the user asked of the view or of
/// the conversations (the README lists them).
enum ScreenKey: Equatable {
  /// Alt-1 … Alt-9, Alt-0: the conversation with that number (Alt-0 is the tenth).
  case window(Int)
  /// Ctrl-N: the next conversation.
  case nextWindow
  /// Ctrl-P: the previous conversation.
  case previousWindow
  /// Alt-A: the next conversation with unread messages (mentions first).
  case nextActivity
  /// PgUp: a page back in the active conversation.
  case pageUp
  /// PgDn: a page forward.
  case pageDown
  /// Alt-Shift-B: shows or hides the buffer list.
  case toggleBufferList
  /// Alt-Shift-N: shows or hides the nick list.
  case toggleNickList
  /// Ctrl-L: draws the whole screen again.
  case redraw
}
