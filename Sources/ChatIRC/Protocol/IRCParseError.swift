/// Why a line is not an IRC message.
public enum IRCParseError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The line holds NUL, CR or LF, which no message may contain.
  case forbiddenCharacter(UInt8)
  /// The command is not letters or three digits.
  case invalidCommand(String)
  /// No command after the tags and source (an empty line included).
  case missingCommand
  /// A `:` with nothing after it where the source belongs.
  case emptySource

  public var description: String {
    switch self {
    case .forbiddenCharacter(let byte):
      "forbidden character 0x\(String(byte, radix: 16, uppercase: true)) in the line"
    case .invalidCommand(let command):
      "invalid command '\(command.unicodeScalars.count > 32 ? "\(command.prefix(32))…" : command)':"
        + " expected letters or three digits"
    case .missingCommand: "no command"
    case .emptySource: "empty source after ':'"
    }
  }
}
