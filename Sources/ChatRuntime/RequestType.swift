import ChatCore
import ChatJSON

/// The `type` of a `--input jsonl` line, and the fields each type takes.
enum RequestType: String, CaseIterable {
  case send, join, part, `switch`, query, topic, me, quit
  case nick, whois, who, away, notice, invite, kick, mode, op, deop, voice, devoice, ban, unban
  case quote, channels, setname, monitor, reply, react, read

  /// The fields besides `type`, required first.
  var fields: [String] {
    switch self {
    case .join: ["conversation", "key"]
    case .query, .switch, .read: ["conversation"]
    case .me: ["text"]
    case .part: ["conversation", "reason"]
    case .quit: ["reason"]
    case .send: ["text", "conversation"]
    case .topic: ["text"]
    case .nick, .whois: ["nick"]
    case .who: ["mask"]
    case .away: ["text"]
    case .notice: ["target", "text"]
    case .invite: ["nick", "channel"]
    case .kick: ["nick", "channel", "reason"]
    case .mode: ["target", "modes"]
    case .op, .deop, .voice, .devoice, .ban, .unban: ["nicks", "channel"]
    case .quote: ["line"]
    case .channels: ["mask"]
    case .setname: ["text"]
    case .monitor: ["add", "remove"]
    case .reply: ["msgid", "text"]
    case .react: ["msgid", "reaction"]
    }
  }

  /// The member mode a short type gives or takes (`op`: operator, given); `unban` for the
  /// types that are not one.
  private var memberMode: (MemberMode, adding: Bool) {
    switch self {
    case .op: (.operator, true)
    case .deop: (.operator, false)
    case .voice: (.voice, true)
    case .devoice: (.voice, false)
    case .ban: (.ban, true)
    case .unban, .send, .join, .part, .switch, .query, .topic, .me, .quit, .nick, .whois, .who,
      .away, .notice, .invite, .kick, .mode, .quote, .channels, .setname, .monitor, .reply, .react,
      .read:
      (.ban, false)
    }
  }

  /// The request `object` (which has this type) stands for.
  func request(from object: [String: JSONValue]) throws(InputLineProblem) -> Request {
    for key in object.keys.sorted() where key != "type" && !fields.contains(key) {
      throw .unknownField(key, type: rawValue, takes: fields)
    }
    let fields = Fields(object: object, type: rawValue)
    switch self {
    case .join:
      return .join(try fields.name("conversation"), key: try fields.optionalName("key"))
    case .me: return .action(try fields.text("text"))
    case .part:
      return .part(try fields.optionalName("conversation"), reason: try fields.reason("reason"))
    case .query: return .query(try fields.name("conversation"))
    case .quit: return .quit(reason: try fields.reason("reason"))
    case .send:
      return .send(try fields.text("text"), to: try fields.optionalName("conversation"))
    case .switch: return .switchTo(try fields.name("conversation"))
    case .topic: return .topic(try fields.string("text"))
    case .nick: return .nick(try fields.name("nick"))
    case .whois: return .whois(try fields.name("nick"))
    case .who: return .who(try fields.name("mask"))
    case .away: return .away(try fields.reason("text"))
    case .setname: return .setName(try fields.text("text"))
    case .notice: return .notice(to: try fields.name("target"), text: try fields.text("text"))
    case .invite:
      return .invite(try fields.name("nick"), channel: try fields.optionalName("channel"))
    case .kick:
      return .kick(
        try fields.name("nick"), channel: try fields.optionalName("channel"),
        reason: try fields.reason("reason"))
    case .mode:
      let modes = try fields.string("modes").map { $0.split(separator: " ").map(String.init) }
      return .mode(target: try fields.optionalName("target"), modes: modes ?? [])
    case .op, .deop, .voice, .devoice, .ban, .unban:
      let (mode, adding) = memberMode
      return .memberMode(
        mode, adding: adding, targets: try fields.names("nicks"),
        channel: try fields.optionalName("channel"))
    case .quote: return .quote(try fields.text("line"))
    case .channels: return .channels(mask: try fields.optionalName("mask"))
    case .monitor:
      let add = object["add"] == nil ? nil : try fields.names("add")
      let remove = object["remove"] == nil ? nil : try fields.names("remove")
      switch (add, remove) {
      case (let add?, nil): return .monitor(.add(add))
      case (nil, let remove?): return .monitor(.remove(remove))
      case (nil, nil): return .monitor(.list)
      case (.some, .some): throw .conflictingFields("add", "remove", type: rawValue)
      }
    case .reply: return .reply(to: try fields.name("msgid"), text: try fields.text("text"))
    case .react: return .react(to: try fields.name("msgid"), reaction: try fields.text("reaction"))
    case .read: return .read(try fields.optionalName("conversation"))
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

  /// An optional text where blanks mean none (a reason, an away message), as typing nothing
  /// after the command does.
  func reason(_ field: String) throws(InputLineProblem) -> String? {
    try string(field).flatMap { $0.allSatisfy(\.isWhitespace) ? nil : $0 }
  }

  /// A required list of names: an array of strings, at least one, none empty; a lone
  /// string is a list of one.
  func names(_ field: String) throws(InputLineProblem) -> [String] {
    switch object[field] {
    case nil: throw .missingField(field, type: type)
    case .string(let name)?:
      guard !name.isEmpty else { throw .emptyField(field) }
      return [name]
    case .array(let values)?:
      var names: [String] = []
      for value in values {
        guard case .string(let name) = value else {
          throw .illTyped(
            field: field, expected: "an array of strings", found: "an array holding " + value.kind)
        }
        guard !name.isEmpty else { throw .emptyField(field) }
        names.append(name)
      }
      guard !names.isEmpty else { throw .emptyField(field) }
      return names
    case let other?:
      throw .illTyped(field: field, expected: "an array of strings", found: other.kind)
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
