/// Why a typed name cannot name a conversation.
public enum NameError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The name was empty.
  case empty(kind: Conversation.Kind)
  /// The name holds a character no name may hold (a space, a comma, a control character).
  case malformed(String, kind: Conversation.Kind, character: Unicode.Scalar)
  /// A channel was expected but the name is a person's.
  case notAChannel(String)
  /// A person was expected but the name is a channel's.
  case notANick(String)
  /// The name is longer than a server allows.
  case tooLong(String, kind: Conversation.Kind, limit: Int)

  /// The message, with the name quoted as given; renderers sanitise notices before showing.
  public var description: String {
    switch self {
    case .empty(let kind):
      "empty \(kind.noun) name"
    case .malformed(let name, let kind, let character):
      "'\(name)' is not a valid \(kind.noun) name: it holds "
        + (character == " " ? "a space" : "U+\(hex(character.value))")
    case .notAChannel(let name):
      "'\(name)' is not a channel name (channel names start with # or &)"
    case .notANick(let name):
      "'\(name)' is a channel name, not a person's"
    case .tooLong(let name, let kind, let limit):
      "'\(name)' is too long for a \(kind.noun) name (at most \(limit) bytes)"
    }
  }
}

/// At least four upper-case hex digits, as in U+0007.
private func hex(_ value: UInt32) -> String {
  let digits = String(value, radix: 16, uppercase: true)
  return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}

extension Conversation.Kind {
  /// The kind of name, in an error message.
  fileprivate var noun: String {
    switch self {
    case .channel: "channel"
    case .privateChat: "nick"
    case .server: "conversation"
    }
  }
}
