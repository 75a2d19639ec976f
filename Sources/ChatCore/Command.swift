/// The commands a user can type after `/`.
public enum Command: String, Hashable, Sendable, CaseIterable {
  /// Lists the commands.
  case help
  /// Leaves once replies in flight have arrived.
  case quit
  /// Sends every failed message again, with its original id.
  case retry

  /// One line describing the command, for `/help`.
  public var summary: String {
    switch self {
    case .help: "list the commands"
    case .quit: "leave once the replies in flight have arrived (twice: at once)"
    case .retry: "send the messages that failed again"
    }
  }
}
