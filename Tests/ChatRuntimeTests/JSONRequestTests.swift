import ChatCore
import ChatJSON
import Testing

@testable import ChatRuntime

/// Every request type, as the notice for an unknown one lists them.
private let requestTypes =
  "send, join, part, switch, query, topic, me, quit, nick, whois, who, away, notice, invite,"
  + " kick, mode, op, deop, voice, devoice, ban, unban, quote, channels, setname, monitor, reply"
  + ", react or read"

/// What each line of `--input jsonl` asks for, and the notice each malformed line gets.
@Suite(.timeLimit(.minutes(10))) struct JSONRequestTests {
  private func read(_ line: String) throws(InputLineProblem) -> Request {
    try request(fromJSONLine: Array(line.utf8))
  }

  @Test(arguments: [
    (##"{"type":"send","text":"deploy done"}"##, Request.send("deploy done", to: nil)),
    (
      ##"{"type":"send","conversation":"#ops","text":"deploy done"}"##,
      .send("deploy done", to: "#ops")
    ),
    (##"{"type":"send","text":"/quit","conversation":null}"##, .send("/quit", to: nil)),
    (##"{"text":"  two  spaces ","type":"send"}"##, .send("  two  spaces ", to: nil)),
    (##"{"type":"me","text":"waves"}"##, .action("waves")),
    (##"{"type":"join","conversation":"#ops"}"##, .join("#ops", key: nil)),
    (##"{"type":"part"}"##, .part(nil, reason: nil)),
    (##"{"type":"part","conversation":"#ops","reason":"bye"}"##, .part("#ops", reason: "bye")),
    (##"{"type":"part","reason":" "}"##, .part(nil, reason: nil)),
    (##"{"type":"switch","conversation":"2"}"##, .switchTo("2")),
    (##"{"type":"query","conversation":"Carol"}"##, .query("Carol")),
    (##"{"type":"read","conversation":"#ops"}"##, .read("#ops")),
    (##"{"type":"read"}"##, .read(nil)),
    (##"{"type":"topic"}"##, .topic(nil)),
    (##"{"type":"topic","text":"release day"}"##, .topic("release day")),
    (##"{"type":"quit"}"##, .quit(reason: nil)),
    (##"{"type":"quit","reason":"off to lunch"}"##, .quit(reason: "off to lunch")),
    (##"{"type":"quit","reason":"  "}"##, .quit(reason: nil)),
    (##"{"type":"join","conversation":"#a,#b","key":"k1,k2"}"##, .join("#a,#b", key: "k1,k2")),
    (##"{"type":"nick","nick":"bob"}"##, .nick("bob")),
    (##"{"type":"whois","nick":"bob"}"##, .whois("bob")),
    (##"{"type":"who","mask":"#ops"}"##, .who("#ops")),
    (##"{"type":"away","text":"lunch"}"##, .away("lunch")),
    (##"{"type":"away"}"##, .away(nil)),
    (##"{"type":"away","text":""}"##, .away(nil)),
    (
      ##"{"type":"notice","target":"#ops","text":"heads up"}"##,
      .notice(to: "#ops", text: "heads up")
    ),
    (##"{"type":"invite","nick":"bob"}"##, .invite("bob", channel: nil)),
    (##"{"type":"invite","nick":"bob","channel":"#ops"}"##, .invite("bob", channel: "#ops")),
    (##"{"type":"kick","nick":"bob"}"##, .kick("bob", channel: nil, reason: nil)),
    (
      ##"{"type":"kick","nick":"bob","channel":"#ops","reason":"spam"}"##,
      .kick("bob", channel: "#ops", reason: "spam")
    ),
    (##"{"type":"mode"}"##, .mode(target: nil, modes: [])),
    (
      ##"{"type":"mode","target":"#ops","modes":"+k  key"}"##,
      .mode(target: "#ops", modes: ["+k", "key"])
    ),
    (
      ##"{"type":"op","nicks":["a","b"]}"##,
      .memberMode(.operator, adding: true, targets: ["a", "b"], channel: nil)
    ),
    (
      ##"{"type":"deop","nicks":"a"}"##,
      .memberMode(.operator, adding: false, targets: ["a"], channel: nil)
    ),
    (
      ##"{"type":"voice","nicks":["a"],"channel":"#x"}"##,
      .memberMode(.voice, adding: true, targets: ["a"], channel: "#x")
    ),
    (
      ##"{"type":"devoice","nicks":["a"]}"##,
      .memberMode(.voice, adding: false, targets: ["a"], channel: nil)
    ),
    (
      ##"{"type":"ban","nicks":["*!*@evil"]}"##,
      .memberMode(.ban, adding: true, targets: ["*!*@evil"], channel: nil)
    ),
    (
      ##"{"type":"unban","nicks":["a"]}"##,
      .memberMode(.ban, adding: false, targets: ["a"], channel: nil)
    ),
    (##"{"type":"quote","line":"VERSION"}"##, .quote("VERSION")),
    (##"{"type":"channels"}"##, .channels(mask: nil)),
    (##"{"type":"channels","mask":"#c*"}"##, .channels(mask: "#c*")),
    (##"{"type":"monitor"}"##, .monitor(.list)),
    (##"{"type":"monitor","add":["bob","carol"]}"##, .monitor(.add(["bob", "carol"]))),
    (##"{"type":"monitor","remove":"bob"}"##, .monitor(.remove(["bob"]))),
    (##"{"type":"reply","msgid":"m1","text":"yes"}"##, .reply(to: "m1", text: "yes")),
    (##"{"type":"react","msgid":"m1","reaction":"👍"}"##, .react(to: "m1", reaction: "👍")),
    (##"{"type":"send","text":"\u001b[31mred\u0000"}"##, .send("\u{1B}[31mred\u{0}", to: nil)),
  ])
  func eachTypeReadsAsItsRequest(line: String, expected: Request) throws {
    #expect(try read(line) == expected)
  }

  @Test(arguments: [
    ("deploy done", "not JSON: expected a value at byte 1"),
    (##"["send"]"##, "expected a JSON object, found an array"),
    (##""send""##, "expected a JSON object, found a string"),
    ("42", "expected a JSON object, found a number"),
    ("null", "expected a JSON object, found null"),
    (
      ##"{"text":"hi"}"##,
      "missing \"type\" (one of " + requestTypes + ")"
    ),
    (
      ##"{"type":"shout"}"##,
      "unknown type \"shout\" (expected " + requestTypes + ")"
    ),
    (##"{"type":7}"##, "\"type\" must be a string, not a number"),
    (##"{"type":"send"}"##, "a \"send\" request needs \"text\""),
    (##"{"type":"send","text":null}"##, "\"text\" must be a string, not null"),
    (##"{"type":"send","text":["hi"]}"##, "\"text\" must be a string, not an array"),
    (##"{"type":"send","text":"   "}"##, "\"text\" is empty"),
    (##"{"type":"send","text":"hi","conversation":""}"##, "\"conversation\" is empty"),
    (
      ##"{"type":"send","text":"hi","conversation":1}"##,
      "\"conversation\" must be a string, not a number"
    ),
    (
      ##"{"type":"send","text":"hi","to":"Carol"}"##,
      "unknown field \"to\" in a \"send\" request (it takes \"type\", \"text\" or \"conversation\")"
    ),
    (##"{"type":"join"}"##, "a \"join\" request needs \"conversation\""),
    (##"{"type":"join","conversation":true}"##, "\"conversation\" must be a string, not a boolean"),
    (##"{"type":"switch","conversation":2}"##, "\"conversation\" must be a string, not a number"),
    (##"{"type":"part","reason":{}}"##, "\"reason\" must be a string, not an object"),
    (
      ##"{"type":"quit","now":true}"##,
      "unknown field \"now\" in a \"quit\" request (it takes \"type\" or \"reason\")"
    ),
    (##"{"type":"me"}"##, "a \"me\" request needs \"text\""),
    (##"{"type":"op"}"##, "a \"op\" request needs \"nicks\""),
    (##"{"type":"op","nicks":[]}"##, "\"nicks\" is empty"),
    (##"{"type":"op","nicks":["a",""]}"##, "\"nicks\" is empty"),
    (
      ##"{"type":"op","nicks":["a",2]}"##,
      "\"nicks\" must be an array of strings, not an array holding a number"
    ),
    (##"{"type":"op","nicks":{}}"##, "\"nicks\" must be an array of strings, not an object"),
    (##"{"type":"quote"}"##, "a \"quote\" request needs \"line\""),
    (##"{"type":"quote","line":"  "}"##, "\"line\" is empty"),
    (##"{"type":"notice","target":"#a"}"##, "a \"notice\" request needs \"text\""),
    (##"{"type":"nick","nick":""}"##, "\"nick\" is empty"),
    (##"{"type":"monitor","add":[]}"##, "\"add\" is empty"),
    (##"{"type":"react","msgid":"m1"}"##, "a \"react\" request needs \"reaction\""),
    (
      ##"{"type":"monitor","add":["a"],"remove":["b"]}"##,
      "\"add\" and \"remove\" cannot go together in a \"monitor\" request: send two"
    ),
    (##"{"type":"query","conversation":""}"##, "\"conversation\" is empty"),
    (
      "{\"type\":\"" + String(repeating: "x", count: 100) + "\"}",
      "unknown type \"" + String(repeating: "x", count: 40)
        + "…\" (expected " + requestTypes + ")"
    ),
  ])
  func aMalformedLineIsExplained(line: String, message: String) {
    #expect(throws: InputLineProblem.self) { try read(line) }
    do {
      _ = try read(line)
    } catch {
      #expect(error.description == message, "\(line)")
    }
  }

  @Test func anInvalidUTF8LineIsExplained() {
    let bytes = Array(#"{"type":"send","text":""#.utf8) + [0xFF] + Array(#""}"#.utf8)
    #expect(throws: InputLineProblem.notJSON(JSONSyntaxError(problem: .invalidUTF8, column: 24))) {
      try request(fromJSONLine: bytes)
    }
    #expect(
      InputLineProblem.notJSON(JSONSyntaxError(problem: .invalidUTF8, column: 24)).description
        == "not JSON: invalid UTF-8 at byte 24")
    #expect(InputLineProblem.tooLong(limit: 1_048_576).description == "longer than 1048576 bytes")
  }
}
