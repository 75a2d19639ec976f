import ChatCore

/// Formats only notices (help, unknown commands), for a diagnostics stream such as stderr in
/// piped runs, where standard output carries nothing but the transcript.
public struct NoticeFormatter: TranscriptFormatter {
  /// Creates the formatter.
  public init() {}

  /// The text of `notice`, one or more lines, each ending in a newline.
  public static func text(of notice: Notice) -> String {
    switch notice {
    case .help:
      let rows =
        Command.allCases.map { ("/\($0.rawValue)", $0.summary) }
        + [("//text", "send text that starts with /")]
      let width = rows.map(\.0.count).max() ?? 0
      let lines = rows.map { name, summary in
        "  " + name + String(repeating: " ", count: width - name.count + 2) + summary + "\n"
      }
      return "commands:\n" + lines.joined()
    case .notSentWhileLeaving:
      return "not sent: leaving once the replies in flight arrive (/quit again to quit now)\n"
    case .unknownCommand(let name):
      return "unknown command '/\(Sanitizer.sanitize(name))'; type /help for the list\n"
    }
  }

  public mutating func formatStart(_ state: AppState, into output: inout [UInt8]) {}
  public mutating func format(_ changes: Changes, in state: AppState, into output: inout [UInt8]) {}
  public mutating func format(_ notice: Notice, in state: AppState, into output: inout [UInt8]) {
    output.append(utf8: Self.text(of: notice))
  }
  public mutating func formatEnd(_ state: AppState, into output: inout [UInt8]) {}
}
