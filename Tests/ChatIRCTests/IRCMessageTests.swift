import ChatIRC
import Testing

@Suite(.timeLimit(.minutes(10))) struct IRCMessageTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let line: String
    var tags: [String: String] = [:]
    var source: String?
    let command: String
    var parameters: [String] = []
    var testDescription: String { line.debugDescription }
  }

  /// The splitting examples of modern.ircdocs.horse and the ircdocs parser tests (CC0).
  static let cases: [Case] = [
    Case(line: "foo bar baz asdf", command: "foo", parameters: ["bar", "baz", "asdf"]),
    Case(
      line: ":coolguy foo bar baz asdf", source: "coolguy", command: "foo",
      parameters: ["bar", "baz", "asdf"]),
    Case(line: "foo bar baz :asdf quux", command: "foo", parameters: ["bar", "baz", "asdf quux"]),
    Case(line: "foo bar baz :", command: "foo", parameters: ["bar", "baz", ""]),
    Case(line: "foo bar baz ::asdf", command: "foo", parameters: ["bar", "baz", ":asdf"]),
    Case(
      line: ":coolguy foo bar baz :  asdf quux ", source: "coolguy", command: "foo",
      parameters: ["bar", "baz", "  asdf quux "]),
    Case(
      line: ":coolguy PRIVMSG bar :lol :) ", source: "coolguy", command: "PRIVMSG",
      parameters: ["bar", "lol :) "]),
    Case(
      line: "@a=b;c=32;k;rt=ql7 foo", tags: ["a": "b", "c": "32", "k": "", "rt": "ql7"],
      command: "foo"),
    Case(
      line: #"@a=b\\and\nk;c=72\s45;d=gh\:764 foo"#,
      tags: ["a": "b\\and\nk", "c": "72 45", "d": "gh;764"], command: "foo"),
    Case(
      line: "@c;h=;a=b :quux ab cd", tags: ["c": "", "h": "", "a": "b"], source: "quux",
      command: "ab", parameters: ["cd"]),
    Case(line: ":src JOIN #chan", source: "src", command: "JOIN", parameters: ["#chan"]),
    Case(line: ":src JOIN :#chan", source: "src", command: "JOIN", parameters: ["#chan"]),
    Case(line: ":src AWAY", source: "src", command: "AWAY"),
    Case(line: ":src AWAY ", source: "src", command: "AWAY"),
    Case(
      line: ":cool\tguy foo bar baz", source: "cool\tguy", command: "foo",
      parameters: ["bar", "baz"]),
    Case(
      line: ":coolguy!ag@net\u{3}5w\u{3}ork.admin PRIVMSG foo :bar baz",
      source: "coolguy!ag@net\u{3}5w\u{3}ork.admin", command: "PRIVMSG",
      parameters: ["foo", "bar baz"]),
    Case(
      line:
        "@tag1=value1;tag2;vendor1/tag3=value2;vendor2/tag4= :irc.example.com COMMAND param1"
        + " param2 :param3 param3",
      tags: ["tag1": "value1", "tag2": "", "vendor1/tag3": "value2", "vendor2/tag4": ""],
      source: "irc.example.com", command: "COMMAND",
      parameters: ["param1", "param2", "param3 param3"]),
    Case(line: "COMMAND", command: "COMMAND"),
    Case(
      line: #"@foo=\\\\\:\\s\s\r\n COMMAND"#, tags: ["foo": "\\\\;\\s \r\n"], command: "COMMAND"),
    Case(
      line: ":gravel.mozilla.org 432  #momo :Erroneous Nickname: Illegal characters",
      source: "gravel.mozilla.org", command: "432",
      parameters: ["#momo", "Erroneous Nickname: Illegal characters"]),
    Case(
      line: ":gravel.mozilla.org MODE #tckk +n ", source: "gravel.mozilla.org", command: "MODE",
      parameters: ["#tckk", "+n"]),
    Case(
      line: ":services.esper.net MODE #foo-bar +o foobar  ", source: "services.esper.net",
      command: "MODE", parameters: ["#foo-bar", "+o", "foobar"]),
    Case(line: #"@tag1=value\\ntest COMMAND"#, tags: ["tag1": #"value\ntest"#], command: "COMMAND"),
    Case(line: #"@tag1=value\1 COMMAND"#, tags: ["tag1": "value1"], command: "COMMAND"),
    Case(line: #"@tag1=value1\ COMMAND"#, tags: ["tag1": "value1"], command: "COMMAND"),
    Case(
      line: "@tag1=1;tag2=3;tag3=4;tag1=5;vendor/tag2=8 COMMAND",
      tags: ["tag1": "5", "tag2": "3", "tag3": "4", "vendor/tag2": "8"], command: "COMMAND"),
    Case(
      line: ":SomeOp MODE #channel +oo SomeUser :AnotherUser", source: "SomeOp", command: "MODE",
      parameters: ["#channel", "+oo", "SomeUser", "AnotherUser"]),
    Case(
      line: "@+example.com/reply=1AA~1;+draft/react=\\s👍 :a!b@c TAGMSG #chat",
      tags: ["+example.com/reply": "1AA~1", "+draft/react": " 👍"], source: "a!b@c",
      command: "TAGMSG", parameters: ["#chat"]),
    Case(
      line:
        "@time=2026-12-01T09:12:31.673Z;msgid=1AA~1796116348~0;label=m1;inspircd.org/echo"
        + " :alice!alice@127.0.0.1 PRIVMSG #chat :hello world",
      tags: [
        "time": "2026-12-01T09:12:31.673Z", "msgid": "1AA~1796116348~0", "label": "m1",
        "inspircd.org/echo": "",
      ], source: "alice!alice@127.0.0.1", command: "PRIVMSG", parameters: ["#chat", "hello world"]),
    Case(line: "@ PING x", command: "PING", parameters: ["x"]),
  ]

  @Test(arguments: cases)
  func parsesTheSpecExamples(_ example: Case) throws {
    let message = try IRCMessage(parsing: example.line)
    #expect(message.tags == example.tags)
    #expect(message.source == example.source)
    #expect(message.command == example.command)
    #expect(message.parameters == example.parameters)
  }

  @Test(arguments: cases)
  func everyExampleSerializesToALineThatParsesBackEqual(_ example: Case) throws {
    let message = try IRCMessage(parsing: example.line)
    #expect(try IRCMessage(parsing: message.serialized) == message)
  }

  @Test(arguments: [
    ("", IRCParseError.missingCommand),
    ("   ", .missingCommand),
    (":source", .missingCommand),
    (":source   ", .missingCommand),
    ("@a=b", .missingCommand),
    ("@a=b :src", .missingCommand),
    (": PRIVMSG x", .emptySource),
    ("PRIV-MSG x", .invalidCommand("PRIV-MSG")),
    ("0001 x", .invalidCommand("0001")),
    ("PRIVMSG #a :b\u{0}c", .forbiddenCharacter(0)),
    ("PRIVMSG #a :b\rc", .forbiddenCharacter(0x0D)),
    ("PRIVMSG #a :b\nc", .forbiddenCharacter(0x0A)),
  ])
  func refusesMalformedLines(_ line: String, _ error: IRCParseError) {
    #expect(throws: error) { try IRCMessage(parsing: line) }
  }

  @Test(arguments: [
    (["#chat", "hello world"], "PRIVMSG #chat :hello world"),
    (["#chat", "hello"], "PRIVMSG #chat hello"),
    (["#chat", ""], "PRIVMSG #chat :"),
    (["#chat", ":)"], "PRIVMSG #chat ::)"),
    (["#chat", "a:b"], "PRIVMSG #chat a:b"),
    ([], "PRIVMSG"),
  ])
  func putsAColonBeforeTheLastParameterExactlyWhenItNeedsOne(_ parameters: [String], _ line: String)
  {
    #expect(IRCMessage(command: "PRIVMSG", parameters: parameters).serialized == line)
  }

  @Test func escapesTagValuesAndSortsKeys() {
    let message = IRCMessage(
      tags: ["label": "a b;c\\d\r\ne", "+typing": "", "a": "1"], source: "me", command: "TAGMSG",
      parameters: ["#c"])
    #expect(message.serialized == #"@+typing;a=1;label=a\sb\:c\\d\r\ne :me TAGMSG #c"#)
  }

  /// A tag without a key (`=v`) names nothing: it is skipped, and the tags around it kept.
  @Test(arguments: ["@=v;a=b :s PRIVMSG x :y", "@a=b;=v :s PRIVMSG x :y", "@=;a=b;= PRIVMSG x :y"])
  func aTagWithAnEmptyKeyIsSkippedAndTheOthersKept(_ line: String) throws {
    let message = try IRCMessage(parsing: line)
    #expect(message.tags == ["a": "b"])
    #expect(message.parameters == ["x", "y"])
  }

  /// A value whose one special character is CR (or LF) is escaped all the same: a raw one
  /// would end the line.
  @Test(arguments: [
    ("a\rb", #"@k=a\rb TAGMSG #c"#), ("\r", #"@k=\r TAGMSG #c"#),
    ("a\nb", #"@k=a\nb TAGMSG #c"#),
  ])
  func aValueWhoseOnlySpecialCharacterIsALineEndIsEscaped(_ value: String, _ line: String) throws {
    let message = IRCMessage(tags: ["k": value], command: "TAGMSG", parameters: ["#c"])
    #expect(message.serialized == line)
    #expect(try IRCMessage(parsing: message.serialized) == message)
  }

  @Test func randomMessagesSurviveTheRoundTrip() throws {
    var generator = SeededGenerator(seed: 13)
    for _ in 0..<3000 {
      let message = RandomIRC.message(using: &generator)
      let parsed = try IRCMessage(parsing: message.serialized)
      #expect(parsed == message, "\(message.serialized.debugDescription)")
      if parsed != message { return }
    }
  }

  @Test func randomLinesKeepEveryParserProperty() {
    var generator = SeededGenerator(seed: 7)
    for _ in 0..<3000 {
      let bytes = RandomIRC.lineBytes(using: &generator)
      let violation = IRCMessageProperties.violation(bytes)
      #expect(violation == nil, "\(bytes)")
      if violation != nil { return }
    }
  }
}
