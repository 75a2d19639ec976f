@preconcurrency import CReadline
import ChatCore
import Glibc

/// Tab completion of `/` commands.
enum CommandCompletion {
  /// The commands that start with `prefix` (which includes the `/`), as `/name`.
  static func matches(for prefix: String) -> [String] {
    guard prefix.hasPrefix("/") else { return [] }
    return Command.Name.allCases.map { "/" + $0.rawValue }.filter { $0.hasPrefix(prefix) }
  }

  /// The longest text every match starts with.
  static func commonPrefix(of matches: [String]) -> String {
    guard var prefix = matches.first else { return "" }
    for match in matches.dropFirst() {
      prefix = String(zip(prefix, match).prefix { $0 == $1 }.map(\.0))
    }
    return prefix
  }
}

/// Readline's `rl_attempted_completion_function`: commands at the start of the line, and
/// nothing else (readline would otherwise complete file names in a chat message).
///
/// Returns what readline expects: a `malloc`ed, NULL-terminated array whose first entry is the
/// text to substitute and whose others are the matches; readline frees it.
func completeCommand(
  _ text: UnsafePointer<CChar>?, _ start: Int32, _ end: Int32
) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
  rl_attempted_completion_over = 1
  guard start == 0, let text else { return nil }
  let matches = CommandCompletion.matches(for: String(cString: text))
  guard !matches.isEmpty else { return nil }
  let entries = [CommandCompletion.commonPrefix(of: matches)] + (matches.count > 1 ? matches : [])
  let size = MemoryLayout<UnsafeMutablePointer<CChar>?>.stride * (entries.count + 1)
  guard let raw = malloc(size) else { return nil }
  let array = raw.bindMemory(to: UnsafeMutablePointer<CChar>?.self, capacity: entries.count + 1)
  for (index, entry) in entries.enumerated() { array[index] = strdup(entry) }
  array[entries.count] = nil
  return array
}
