@preconcurrency import CReadline
import ChatCore
import Glibc

/// Tab completion: `/` commands at the start of the line, conversation names after the
/// commands that take one, and members' names anywhere else (at the start of the line as
/// `nick: `, the way irssi addresses someone).
enum CommandCompletion {
  /// The commands whose first argument names a conversation.
  static let conversationCommands: Set<Command.Name> = [
    .join, .part, .switch, .win, .query, .msg, .names,
  ]

  /// The commands whose arguments name people: members' nicks complete from the first.
  static let nickCommands: Set<Command.Name> = [
    .whois, .kick, .op, .deop, .voice, .devoice, .ban, .unban, .invite,
  ]

  /// The commands that start with `prefix` (which includes the `/`), as `/name`.
  static func matches(for prefix: String) -> [String] {
    guard prefix.hasPrefix("/") else { return [] }
    return Command.Name.allCases.map { "/" + $0.rawValue }.filter { $0.hasPrefix(prefix) }
  }

  /// What the word `word` may become, typed after `before` (the line up to the word), with
  /// `context`'s names; nick completions at the start of the line end in `:`.
  static func matches(for word: String, after before: String, in context: CompletionContext)
    -> [String]
  {
    if before.isEmpty, word.hasPrefix("/") { return matches(for: word) }
    let words = before.split(whereSeparator: \.isWhitespace)
    if words.count == 1, before.last?.isWhitespace == true, words[0].hasPrefix("/"),
      let command = Command.Name(typed: words[0].dropFirst()),
      conversationCommands.contains(command)
    {
      var names = context.conversations
      // A private chat may be opened with anyone in the active conversation.
      if command == .query || command == .msg {
        names += context.members.filter { !names.contains($0) }
      }
      return names.filter { starts($0, with: word, context.rules) }
    }
    let namesPeople = words.first.flatMap { Command.Name(typed: $0.dropFirst()) }.map {
      nickCommands.contains($0)
    }
    guard !word.isEmpty, !before.hasPrefix("/") || words.count > 1 || namesPeople == true
    else { return [] }
    let nicks = context.members.filter { starts($0, with: word, context.rules) }
    return before.isEmpty ? nicks.map { $0 + ":" } : nicks
  }

  /// Whether `name` starts with `prefix`, compared as the network compares names.
  private static func starts(_ name: String, with prefix: String, _ rules: NameRules) -> Bool {
    rules.key(for: name).hasPrefix(rules.key(for: prefix))
  }

  /// The longest text every match starts with.
  static func commonPrefix(of matches: [String]) -> String {
    guard var prefix = matches.first else { return "" }
    for match in matches.dropFirst() {
      prefix = String(zip(prefix, match).prefix { $0 == $1 }.map(\.0))
    }
    return prefix
  }

  /// What replaces `word` in the line: the matches' common prefix, unless case differences
  /// make it shorter than what was typed (then the word stays as typed).
  static func replacement(for word: String, matches: [String]) -> String {
    let common = commonPrefix(of: matches)
    return matches.count > 1 && common.count < word.count ? word : common
  }
}

/// Readline's `rl_attempted_completion_function`: what `CommandCompletion` finds, and nothing
/// else (readline would otherwise complete file names in a chat message).
///
/// Returns what readline expects: a `malloc`ed, NULL-terminated array whose first entry is the
/// text to substitute and whose others are the matches; readline frees it.
func completeCommand(
  _ text: UnsafePointer<CChar>?, _ start: Int32, _ end: Int32
) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
  rl_attempted_completion_over = 1
  guard let text, let line = rl_line_buffer, start >= 0 else { return nil }
  let word = String(cString: text)
  // The line up to the word: readline's offsets count bytes.
  let before = String(
    decoding: UnsafeRawBufferPointer(start: line, count: Int(start)), as: UTF8.self)
  let matches = CommandCompletion.matches(
    for: word, after: before, in: LineEditor.completionContext)
  guard !matches.isEmpty else { return nil }
  let entries =
    [CommandCompletion.replacement(for: word, matches: matches)]
    + (matches.count > 1 ? matches : [])
  let size = MemoryLayout<UnsafeMutablePointer<CChar>?>.stride * (entries.count + 1)
  guard let raw = malloc(size) else { return nil }
  let array = raw.bindMemory(to: UnsafeMutablePointer<CChar>?.self, capacity: entries.count + 1)
  for (index, entry) in entries.enumerated() { array[index] = strdup(entry) }
  array[entries.count] = nil
  return array
}
