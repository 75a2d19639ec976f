/// A conversation's name, exactly as given.
///
/// One string and nothing else, because every message carries one: each string in `Message`
/// is a reference count touched on every copy. Names compare exactly here; whether two names
/// mean the same conversation (`#Ops` and `#ops` under IRC's rules) is for `NameRules.key(for:)`
/// to say, and `ConversationList.index(of:)` asks it only when the exact name is not open.
public struct ConversationName: Hashable, Sendable, Codable, CustomStringConvertible {
  /// The name as it was given, for showing and sending.
  public let text: String

  /// The name of the conversation a run starts in, the seed's title.
  public static let initial = ConversationName("Conversation")

  /// Creates a name, unchecked: `NameRules.channel(_:)` and `nick(_:)` check.
  public init(_ text: String) {
    self.text = text
  }

  public var description: String { text }

  public init(from decoder: any Decoder) throws {
    self.init(try decoder.singleValueContainer().decode(String.self))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(text)
  }
}
