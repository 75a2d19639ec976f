import ChatCore
import ChatJSON

/// The `type` of a `--input jsonl` line, and the fields each type takes.
enum RequestType: String, CaseIterable {
  case send, join, part, `switch`, query, topic, me, quit

  /// The fields besides `type`, required first.
  var fields: [String] {
    switch self {
    case .join, .query, .switch: ["conversation"]
    case .me: ["text"]
    case .part: ["conversation", "reason"]
    case .quit: []
    case .send: ["text", "conversation"]
    case .topic: ["text"]
    }
  }

  /// The request `object` (which has this type) stands for.
  func request(from object: [String: JSONValue]) throws(InputLineProblem) -> Request {
    for key in object.keys.sorted() where key != "type" && !fields.contains(key) {
      throw .unknownField(key, type: rawValue, takes: fields)
    }
    let fields = Fields(object: object, type: rawValue)
    switch self {
    case .join: return .join(try fields.name("conversation"))
    case .me: return .action(try fields.text("text"))
    case .part:
      // A blank reason is no reason, as `/part #a` with nothing after it.
      let reason = try fields.string("reason").flatMap { $0.allSatisfy(\.isWhitespace) ? nil : $0 }
      return .part(try fields.optionalName("conversation"), reason: reason)
    case .query: return .query(try fields.name("conversation"))
    case .quit: return .quit
    case .send:
      return .send(try fields.text("text"), to: try fields.optionalName("conversation"))
    case .switch: return .switchTo(try fields.name("conversation"))
    case .topic: return .topic(try fields.string("text"))
    }
  }
}

/// The fields of one request object, read as what they must be.
private struct Fields {
  let object: [String: JSONValue]
  let type: String

  /// An optional string field (absent or null: nil).
  func string(_ field: String) throws(InputLineProblem) -> String? {
    switch object[field] {
    case nil, .null?: return nil
    case .string(let text)?: return text
    case let other?: throw .illTyped(field: field, expected: "a string", found: other.kind)
    }
  }

  /// A required field may be absent (and is then missing) but never null.
  private func notNull(_ field: String) throws(InputLineProblem) {
    if object[field] == .null { throw .illTyped(field: field, expected: "a string", found: "null") }
  }

  /// A required string field with something other than blanks in it: a text to send.
  func text(_ field: String) throws(InputLineProblem) -> String {
    try notNull(field)
    guard let text = try string(field) else { throw .missingField(field, type: type) }
    guard text.contains(where: { !$0.isWhitespace }) else { throw .emptyField(field) }
    return text
  }

  /// A required name.
  func name(_ field: String) throws(InputLineProblem) -> String {
    try notNull(field)
    guard let name = try optionalName(field) else { throw .missingField(field, type: type) }
    return name
  }

  /// An optional name: when given, not empty.
  func optionalName(_ field: String) throws(InputLineProblem) -> String? {
    guard let name = try string(field) else { return nil }
    guard !name.isEmpty else { throw .emptyField(field) }
    return name
  }
}

/// The request one line of `--input jsonl` holds.
func request(fromJSONLine bytes: [UInt8]) throws(InputLineProblem) -> Request {
  let value: JSONValue
  do { value = try JSONParser.parse(bytes) } catch { throw .notJSON(error) }
  guard case .object(let object) = value else { throw .notAnObject(found: value.kind) }
  switch object["type"] {
  case nil: throw .unknownType(nil)
  case .string(let name)?:
    guard let type = RequestType(rawValue: name) else { throw .unknownType(name) }
    return try type.request(from: object)
  case let other?: throw .illTyped(field: "type", expected: "a string", found: other.kind)
  }
}
