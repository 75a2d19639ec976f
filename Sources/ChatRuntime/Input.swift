import ChatCore
import ChatRendering

/// Something the user (or whatever stands in for them) did.
public enum InputEvent: Hashable, Sendable {
  /// The input closed.
  case ended
  /// A finished line of text.
  case line(String)
  /// The user asked to quit (a second Ctrl-D, Ctrl-C while finishing).
  case quitRequested
  /// A signal asked the program to stop; the exit status reports it.
  case terminated(signal: Int32)
}

/// Where user input comes from, and how the loop waits for it.
///
/// Waiting is the input's job because it differs by kind: a live input polls its descriptor
/// until the session's next deadline; a virtual-time input moves the virtual clock instead.
public protocol Input: AnyObject {
  /// Waits until the user does something or `deadline` passes (nil: no deadline), and returns
  /// what the user did: nothing when the deadline came first. Before anything that can block,
  /// it calls `flush` so every line written so far reaches its reader.
  func wait(
    until deadline: Timestamp?, flush: () throws(SinkError) -> Void
  ) throws(SinkError) -> [InputEvent]
}
