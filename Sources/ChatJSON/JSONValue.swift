/// A JSON value, as `JSONParser` reads it. Numbers keep their text: requests take none, so
/// they are only checked, never converted. Public for the runtime, which reads requests.
public enum JSONValue: Hashable, Sendable {
  /// `[...]`.
  case array([JSONValue])
  /// `true` or `false`.
  case bool(Bool)
  /// `null`.
  case null
  /// A number, as written.
  case number(String)
  /// `{...}`: each key given once.
  case object([String: JSONValue])
  /// A string, its escapes resolved.
  case string(String)

  /// What kind of value it is, for messages: "a string", "an array".
  public var kind: String {
    switch self {
    case .array: "an array"
    case .bool: "a boolean"
    case .null: "null"
    case .number: "a number"
    case .object: "an object"
    case .string: "a string"
    }
  }
}
