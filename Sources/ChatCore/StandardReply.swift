/// An IRCv3 standard reply (`FAIL`, `WARN` or `NOTE`): a server telling a client about a
/// command it sent, in a form a program can read (the command, a code) and words a person
/// can (the description).
///
/// Every string comes from the server: a renderer sanitises the words before it shows them.
public struct StandardReply: Hashable, Sendable {
  /// How serious the reply is.
  public enum Severity: String, Hashable, Sendable {
    /// `FAIL`: the command did not do what was asked.
    case failure = "FAIL"
    /// `WARN`: it did, with something worth knowing.
    case warning = "WARN"
    /// `NOTE`: information only.
    case note = "NOTE"
  }

  public var severity: Severity
  /// The command the reply is about (`PRIVMSG`, `CHATHISTORY`), or `*` for none.
  public var command: String
  /// The machine-readable code (`INVALID_TARGET`, `NEED_MORE_PARAMS`).
  public var code: String
  /// The parameters between the code and the description (a target, a subcommand).
  public var context: [String]
  /// The server's words.
  public var text: String

  public init(
    severity: Severity, command: String, code: String, context: [String] = [], text: String
  ) {
    self.severity = severity
    self.command = command
    self.code = code
    self.context = context
    self.text = text
  }
}

extension StandardReply: CustomStringConvertible {
  /// `server FAIL CHATHISTORY INVALID_PARAMS (LATEST): Invalid parameters`, unsanitised.
  public var description: String {
    let about = context.isEmpty ? "" : " (" + context.joined(separator: " ") + ")"
    return "server \(severity.rawValue) \(command) \(code)\(about): \(text)"
  }
}
