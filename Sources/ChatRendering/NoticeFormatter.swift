import ChatCore

/// Formats only notices (help, unknown commands), for a diagnostics stream such as stderr in
/// piped runs, where standard output carries nothing but the transcript.
public struct NoticeFormatter: TranscriptFormatter {
  /// Creates the formatter.
  public init() {}

  /// ` (3 unread)`, ` (1 mention, 2 more unread)`: mentions counted apart; empty when nothing
  /// is unread.
  private static func unreadWords(_ summary: ConversationSummary) -> String {
    let mentions = summary.mentionCount
    let others = summary.unreadCount - mentions
    guard mentions > 0 else { return others > 0 ? " (\(others) unread)" : "" }
    let counted = mentions == 1 ? "1 mention" : "\(mentions) mentions"
    return others > 0 ? " (\(counted), \(others) more unread)" : " (\(counted))"
  }

  /// The text of `notice`, one or more lines, each ending in a newline; text from the network
  /// in it (a topic) carries `markup` (`AppState.textMarkup`).
  public static func text(of notice: Notice, markup: TextMarkup = .plain) -> String {
    switch notice {
    case .badName(let error):
      return Sanitizer.sanitize(error.description) + "\n"
    case .cannotLeave(let name):
      return "'\(shown(name))' is the session's own conversation: it stays open\n"
    case .conversationHelp:
      return conversationHelp
    case .serverHelp:
      return serverHelp + shortForms
    case .conversations(let summaries):
      let lines = summaries.map { summary in
        let mark = summary.isActive ? "* " : "  "
        let unread = unreadWords(summary)
        return mark + "\(summary.number) " + shown(summary.name) + unread + "\n"
      }
      return "conversations:\n" + lines.joined()
    case .help:
      let rows =
        Command.Name.allCases.filter { $0.group == .general }
        .map { ($0.usage, $0.summary) }
        + [("//text", "send text that starts with /")]
      return "commands:\n" + table(rows) + conversationHelp + serverHelp + shortForms
    case .joinFailed(let name, let reason):
      return "cannot join \(shown(name)): " + Sanitizer.sanitize(reason) + "\n"
    case .link(let link, let status, let nick):
      return "server: " + LinkText.summary(of: link, status: status) + "; you are "
        + Sanitizer.sanitize(nick) + "\n"
    case .malformedInput(let line, let problem):
      return "input line \(line) skipped: " + Sanitizer.sanitize(problem) + "\n"
    case .members(let name, let members):
      let list = members.map(EventText.listed).joined(separator: " ")
      return "\(members.count) in \(shown(name)): " + list + "\n"
    case .missingArgument(let command):
      return "usage: \(command.usage)\n"
    case .needsServer(let command):
      return "/\(command.rawValue) needs a server: the simulated peer has none"
        + " (chat --server URL)\n"
    case .noHistory(let name):
      return "'\(shown(name))' is the server's own conversation: it has no history; /history"
        + " fetches a channel's or a private chat's\n"
    case .noSuchMessage(let back, let name):
      return "no message \(back) back in '\(shown(name))': /reply and /react count from 1, the"
        + " newest\n"
    case .noServerMessageID(let back):
      return "message \(back) back has no server id (msgid): it cannot be answered or reacted"
        + " to\n"
    case .reactionTooLong(let limit):
      return "a reaction is an emoji or a short text: at most \(limit) bytes\n"
    case .nothingToRetry:
      return "nothing to retry: no message failed\n"
    case .noAnswer(let request, let seconds):
      let asked =
        switch request.kind {
        case .join, .joinAtStart: "joining"
        case .part: "leaving"
        }
      return
        "no answer to \(asked) \(shown(request.channel)) within \(seconds) s; going on without it\n"
    case .notAChannel(let name):
      return "'\(shown(name))' is not a channel: it has no members or topic\n"
    case .notOpen(let target):
      return "no conversation '\(Sanitizer.sanitize(target))' is open; /list shows them\n"
    case .notSent(let name):
      return "not sent: '\(shown(name))' is the server's own conversation, which takes no"
        + " messages; /join a channel, or /msg NAME TEXT\n"
    case .notSentWhileLeaving:
      return "not sent: leaving once the replies in flight arrive (/quit again to quit now)\n"
    case .reply(let reply, _):
      return ReplyText.text(of: reply)
    case .search:
      // The full screen takes it as a change of its view and shows nothing of this.
      return "/search highlights text in the full screen (chat --renderer screen) only\n"
    case .session(let notice, _):
      return Sanitizer.sanitize(notice.description) + "\n"
    case .tooManyConversations(let limit):
      return "cannot open another conversation: \(limit) are open, the most; /part one first\n"
    case .tooManyTyping(let limit):
      return "more than \(limit) people are typing at once: the others are not shown\n"
    case .topic(let name, let topic):
      guard let topic else { return "no topic is set in \(shown(name))\n" }
      return topicLead(name) + Sanitizer.sanitize(topic, markup: markup) + "\n"
    case .unknownCommand(let name):
      return "unknown command '/\(Sanitizer.sanitize(name))'; type /help for the list\n"
    }
  }

  /// The conversation commands with their usage: part of `/help`, and all of
  /// `/help conversations`.
  private static var conversationHelp: String {
    let rows = Command.Name.allCases.filter(\.isConversationCommand).map {
      ($0.usage, $0.summary)
    }
    return "conversation commands:\n" + table(rows)
  }

  /// The server's commands with their usage: part of `/help`, and all of `/help server`.
  private static var serverHelp: String {
    let rows = Command.Name.allCases.filter { $0.group == .server }.map { ($0.usage, $0.summary) }
    return "server commands (with --server):\n" + table(rows)
  }

  /// irssi's short forms and what each stands for, wrapped to fit 80 columns.
  private static var shortForms: String {
    let forms = Command.Name.shortForms.map { "/\($0.form) = /\($0.command.rawValue)" }
    var lines = ["short forms, as in irssi:"]
    for form in forms {
      if lines.count > 1, lines[lines.count - 1].count + form.count + 2 <= 78 {
        lines[lines.count - 1] += ", " + form
      } else {
        lines.append("  " + form)
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Rows of two columns, the second aligned, each line indented and ending in a newline.
  private static func table(_ rows: [(String, String)]) -> String {
    let width = rows.map(\.0.count).max() ?? 0
    return rows.map { name, summary in
      "  " + name + String(repeating: " ", count: width - name.count + 2) + summary + "\n"
    }.joined()
  }

  private static func shown(_ name: ConversationName) -> String { Sanitizer.sanitize(name.text) }

  /// `topic of #ops: `: the words before the topic `/topic` shows. A renderer with styles
  /// shows the topic itself through its message text path, as a message's text.
  public static func topicLead(_ name: ConversationName) -> String {
    "topic of \(shown(name)): "
  }

  public mutating func formatStart(_ state: AppState, into output: inout [UInt8]) {}
  public mutating func format(_ changes: Changes, in state: AppState, into output: inout [UInt8]) {}
  public mutating func format(_ notice: Notice, in state: AppState, into output: inout [UInt8]) {
    output.append(utf8: Self.text(of: notice, markup: state.textMarkup))
  }
  public mutating func formatEnd(_ state: AppState, into output: inout [UInt8]) {}
}
