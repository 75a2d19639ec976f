/// A client-to-client protocol message inside a `PRIVMSG` or `NOTICE`: `\x01COMMAND params\x01`.
public struct IRCCTCP: Hashable, Sendable {
  /// The command, upper-cased (`ACTION`, `VERSION`).
  public var command: String
  /// Everything after the command and its space; empty when there is none.
  public var parameters: String

  /// Creates a CTCP message.
  public init(command: String, parameters: String = "") {
    self.command = command
    self.parameters = parameters
  }

  /// The CTCP message in `text`, if it is one: it starts with `\x01`; the closing `\x01` may
  /// be missing, as the spec allows.
  public init?(parsing text: some StringProtocol) {
    guard text.utf8.first == 0x01 else { return nil }
    var body = Substring(text).dropFirst()
    if body.utf8.last == 0x01 { body = body.dropLast() }
    let space = body.firstIndex(of: " ")
    let name = body[..<(space ?? body.endIndex)]
    guard !name.isEmpty, !name.utf8.contains(0x01) else { return nil }
    command = name.uppercased()
    parameters = space.map { String(body[body.index(after: $0)...]) } ?? ""
  }

  /// An action (`/me waves`).
  public static func action(_ text: String) -> IRCCTCP {
    IRCCTCP(command: "ACTION", parameters: text)
  }

  /// The text to send: `\x01COMMAND params\x01`.
  public var text: String {
    "\u{1}" + command + (parameters.isEmpty ? "" : " " + parameters) + "\u{1}"
  }

  /// The bytes an action adds around its text: `\x01ACTION ` and `\x01`.
  static let actionOverheadBytes = 9
}
