@preconcurrency import CReadline
import Glibc

/// The keys that finish a line, rebound so the input is erased before readline finishes it.
///
/// When a line is accepted, the message shows once, in the transcript, so the rows the prompt
/// and the line took must go. Counting those rows afterwards means redoing readline's layout
/// (per code point, a wide character that does not fit pushed to the next row, a pasted
/// newline starting one, a full last row not followed by a new one) and guessing where it left
/// the cursor. Readline knows: `rl_clear_visible_line` erases exactly the rows it drew. So every
/// key bound to `accept-line` or `operate-and-get-next` (in the emacs and both vi keymaps, after
/// `~/.inputrc` is read) first calls that, then tells readline it is on a new, empty line, and
/// only then runs the original command, whose final update then has nothing to move over.
enum AcceptKeys {
  /// The keymaps a user can type in.
  static let keymapNames = ["emacs-standard", "vi-insert", "vi-command"]

  /// Rebinds every key that finishes a line to the same command with the input erased first.
  static func install() {
    for name in keymapNames {
      guard let map = rl_get_keymap_by_name(name) else { continue }
      for sequence in taking(rl_invoking_keyseqs_in_map(rl_newline, map)) {
        rl_bind_keyseq_in_map(sequence, acceptLineAfterErasing, map)
      }
      for sequence in taking(rl_invoking_keyseqs_in_map(rl_operate_and_get_next, map)) {
        rl_bind_keyseq_in_map(sequence, operateAndGetNextAfterErasing, map)
      }
    }
  }

  /// The strings of a `malloc`ed, NULL-terminated array from readline, which is freed.
  private static func taking(_ list: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?)
    -> [String]
  {
    guard let list else { return [] }
    var strings: [String] = []
    var index = 0
    while let string = list[index] {
      strings.append(String(cString: string))
      free(string)
      index += 1
    }
    free(list)
    return strings
  }
}

/// `accept-line`, with the input erased first.
private func acceptLineAfterErasing(_ count: Int32, _ key: Int32) -> Int32 {
  LineEditor.eraseInputBeforeAccepting()
  return rl_newline(count, key)
}

/// `operate-and-get-next`, with the input erased first.
private func operateAndGetNextAfterErasing(_ count: Int32, _ key: Int32) -> Int32 {
  LineEditor.eraseInputBeforeAccepting()
  return rl_operate_and_get_next(count, key)
}
