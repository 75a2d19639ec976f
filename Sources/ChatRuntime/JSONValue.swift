/// A JSON value, as `JSONParser` reads it. Numbers keep their text: requests take none, so
/// they are only checked, never converted.
enum JSONValue: Hashable, Sendable {
  case array([JSONValue])
  case bool(Bool)
  case null
  case number(String)
  case object([String: JSONValue])
  case string(String)

  /// What kind of value it is, for messages: "a string", "an array".
  var kind: String {
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
