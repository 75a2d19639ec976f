/// A line the user typed, read as either a message or a command.
public enum TypedLine: Hashable, Sendable {
  /// Nothing but whitespace: ignored.
  case blank
  /// A known command, with its arguments. Boxed: commands are rare, and unboxed their
  /// arguments would make every typed message's line as large as the largest command.
  indirect case command(Command)
  /// A message to send. `//text` arrives here as `/text`.
  case message(String)
  /// A known command without an argument it needs.
  case missingArgument(Command.Name)
  /// A line starting with `/` that names no command.
  case unknownCommand(String)

  /// Reads a typed line. A leading `/` starts a command (its name in any case, or one of
  /// irssi's short forms: `Command.Name.shortForms`) and `//` escapes it.
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
      let body = line.dropFirst()
      let name = body.prefix { !isBlank($0) }
      guard let command = Command.Name(typed: name) else {
        self = .unknownCommand(String(name))
        return
      }
      let arguments = body.dropFirst(name.count).drop(while: isBlank)
      self =
        Command(command, arguments: arguments).map(TypedLine.command) ?? .missingArgument(command)
    } else {
      self = .message(line)
    }
  }
}
