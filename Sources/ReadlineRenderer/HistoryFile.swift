@preconcurrency import CReadline
import ChatCore
import Glibc

/// Input history kept across runs in `$XDG_STATE_HOME/chat/history`.
///
/// Created with mode 0600 (typed text can be private), appended after every line so a crash
/// loses nothing, and bounded to `maximumEntries` (trimmed when loaded and when closed). Blank
/// lines and repeats of the line before are not stored. History is a convenience: when the
/// file cannot be made or read, chat keeps history in memory for the run and says nothing.
struct HistoryFile {
  /// How many lines are kept.
  static let maximumEntries: Int32 = 1000

  /// Where the file is; nil keeps history in memory only.
  let path: String?
  private var lastEntry: String?

  /// Uses the file at `path` (nil: none).
  init(path: String?) {
    self.path = path
  }

  /// `$XDG_STATE_HOME/chat/history`, or `$HOME/.local/state/chat/history` when that is unset
  /// or not absolute (as the XDG spec asks); nil without either.
  static func defaultPath(environment: [String: String]) -> String? {
    if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
      return state + "/chat/history"
    }
    if let home = environment["HOME"], home.hasPrefix("/") {
      return home + "/.local/state/chat/history"
    }
    return nil
  }

  /// Whether `line` goes into history after `previous`: not a blank line, a repeat, or a line
  /// that carries a secret (`/quote PASS …`, `/join #chan key`: `SecretRedaction`).
  static func shouldStore(_ line: String, after previous: String?) -> Bool {
    !line.allSatisfy(\.isWhitespace) && line != previous
      && SecretRedaction.redacted(typedLine: line) == nil
  }

  /// Starts readline's history and reads the file, creating it (and its folders) if needed.
  mutating func load() {
    using_history()
    stifle_history(Self.maximumEntries)
    guard let path, Self.createIfMissing(path) else { return }
    read_history(path)
    history_truncate_file(path, Self.maximumEntries)
    if history_length > 0, let entry = history_get(history_base + history_length - 1) {
      lastEntry = String(cString: entry.pointee.line)
    }
  }

  /// The entries `line` makes after the entry `previous`: a pasted block is one per line (as
  /// it sends one message per line, and the file holds one entry per line), blank lines and
  /// repeats left out.
  static func entries(for line: String, after previous: String?) -> [String] {
    var entries: [String] = []
    var last = previous
    for piece in line.split(separator: "\n", omittingEmptySubsequences: false) {
      let entry = String(piece)
      guard shouldStore(entry, after: last) else { continue }
      entries.append(entry)
      last = entry
    }
    return entries
  }

  /// Remembers the lines of `line` (but blank ones and repeats) and appends them to the file at
  /// once.
  mutating func add(_ line: String) {
    let entries = Self.entries(for: line, after: lastEntry)
    guard let last = entries.last else { return }
    lastEntry = last
    for entry in entries { add_history(entry) }
    if let path { append_history(Int32(entries.count), path) }
  }

  /// Trims the file to its bound.
  func close() {
    if let path { history_truncate_file(path, Self.maximumEntries) }
  }

  /// Makes the folders (0700) and the file (0600) unless they exist.
  private static func createIfMissing(_ path: String) -> Bool {
    var folder = ""
    for component in path.split(separator: "/").dropLast() {
      folder += "/" + component
      if mkdir(folder, 0o700) != 0, errno != EEXIST { return false }
    }
    let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return false }
    Glibc.close(descriptor)
    return true
  }
}
