import ChatJSON

/// Why a line of `--input jsonl` was skipped, in words for the notice.
enum InputLineProblem: Error, Hashable, CustomStringConvertible {
  /// Two fields that cannot go together in one request of that type.
  case conflictingFields(String, String, type: String)
  /// A field a request of that type takes holds nothing (an empty name, a blank text).
  case emptyField(String)
  /// A field holds the wrong kind of value.
  case illTyped(field: String, expected: String, found: String)
  /// A field the request of that type needs is missing.
  case missingField(String, type: String)
  /// The line is not JSON.
  case notJSON(JSONSyntaxError)
  /// The line is JSON, but not an object.
  case notAnObject(found: String)
  /// The line is longer than the limit (in bytes).
  case tooLong(limit: Int)
  /// The object has a field its type does not take.
  case unknownField(String, type: String, takes: [String])
  /// The object has no `type`, or one that names no request.
  case unknownType(String?)

  var description: String {
    switch self {
    case .conflictingFields(let first, let second, let type):
      "\"\(first)\" and \"\(second)\" cannot go together in a \"\(type)\" request: send two"
    case .emptyField(let field):
      "\"\(field)\" is empty"
    case .illTyped(let field, let expected, let found):
      "\"\(field)\" must be \(expected), not \(found)"
    case .missingField(let field, let type):
      "a \"\(type)\" request needs \"\(field)\""
    case .notJSON(let error):
      "not JSON: \(error)"
    case .notAnObject(let found):
      "expected a JSON object, found \(found)"
    case .tooLong(let limit):
      "longer than \(limit) bytes"
    case .unknownField(let field, let type, let takes):
      "unknown field \(JSONSyntaxError.quoted(field)) in a \"\(type)\" request (it takes "
        + (takes.isEmpty ? "none but \"type\"" : (["type"] + takes).map { "\"\($0)\"" }.listed)
        + ")"
    case .unknownType(nil):
      "missing \"type\" (one of \(RequestType.allCases.map(\.rawValue).listed))"
    case .unknownType(let type?):
      "unknown type \(JSONSyntaxError.quoted(type)) (expected \(RequestType.allCases.map(\.rawValue).listed))"
    }
  }
}

extension [String] {
  /// `a, b or c`.
  fileprivate var listed: String {
    guard count > 1, let last else { return first ?? "" }
    return dropLast().joined(separator: ", ") + " or " + last
  }
}
