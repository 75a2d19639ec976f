/// A line the user typed, read as either a message or a command.
public enum Input: Hashable, Sendable {
  /// Nothing but whitespace: ignored.
  case blank
  /// A known command.
  case command(Command)
  /// A message to send. `//text` arrives here as `/text`.
  case message(String)
  /// A line starting with `/` that names no command.
  case unknownCommand(String)

  /// Reads a typed line. A leading `/` starts a command and `//` escapes it.
  public init(parsing line: String) {
    // Most lines start with a visible ASCII character: skip the Unicode whitespace scan.
    let first = line.utf8.first ?? 0x20
    let plainStart = first > 0x20 && first < 0x7F
    if !plainStart, line.allSatisfy(\.isWhitespace) {
      self = .blank
    } else if first != UInt8(ascii: "/") {
      self = .message(line)
    } else if line.hasPrefix("//") {
      self = .message(String(line.dropFirst()))
    } else if line.hasPrefix("/") {
      let name = line.dropFirst().prefix { !$0.isWhitespace }
      self = Command(rawValue: String(name)).map(Input.command) ?? .unknownCommand(String(name))
    } else {
      self = .message(line)
    }
  }
}

/// The commands a user can type after `/`.
public enum Command: String, Hashable, Sendable, CaseIterable {
  /// Lists the commands.
  case help
  /// Leaves once replies in flight have arrived.
  case quit

  /// One line describing the command, for `/help`.
  public var summary: String {
    switch self {
    case .help: "list the commands"
    case .quit: "leave once the replies in flight have arrived (twice: at once)"
    }
  }
}
