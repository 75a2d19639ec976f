/// A conversation's name as shown, with the key it is compared by.
///
/// Two names are equal when their keys are (`#Ops` and `#ops` under IRC's rules), so a name
/// can be used directly as a dictionary key or compared with `==`. The key is made once, when
/// the name is, by `NameRules.key(for:)`: nothing on the per-message path folds case.
public struct ConversationName: Hashable, Sendable, Codable, CustomStringConvertible {
  /// The name as it was given, for showing.
  public let text: String
  /// The normalised form lookups compare.
  public let key: String

  /// The name of the conversation a run starts in, the seed's title.
  public static let initial = ConversationName("Conversation")

  /// Creates a name under `rules`, unchecked: `NameRules.channel(_:)` and `nick(_:)` check.
  public init(_ text: String, rules: NameRules = NameRules()) {
    self.text = text
    self.key = rules.key(for: text)
  }

  public var description: String { text }

  public static func == (lhs: ConversationName, rhs: ConversationName) -> Bool {
    lhs.key == rhs.key
  }

  public func hash(into hasher: inout Hasher) { hasher.combine(key) }

  public init(from decoder: any Decoder) throws {
    self.init(try decoder.singleValueContainer().decode(String.self))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(text)
  }
}
