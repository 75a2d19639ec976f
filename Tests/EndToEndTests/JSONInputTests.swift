import Foundation
import IRCTestRequirements
import Testing

@testable import ChatCommandLine

/// `chat --input jsonl`: a bot's JSON lines through a real pipe drive the built binary.
@Suite(.ownThread, .timeLimit(.minutes(10))) struct JSONInputTests {
  private struct Event: Decodable {
    var type: String
    var sender: String?
    var text: String?
    var conversation: String?
  }

  private func events(_ result: BinaryRunner.Result) throws -> [Event] {
    try result.lines.map { try JSONDecoder().decode(Event.self, from: Data($0.utf8)) }
  }

  /// Texts of the messages that entered the transcript, with their senders.
  private func messages(_ result: BinaryRunner.Result) throws -> [String] {
    try events(result).filter { $0.type == "message" }.map {
      "\($0.sender ?? "?"): \($0.text ?? "")"
    }
  }

  @Test func aBotsLinesJoinSendSwitchAndQuit() throws {
    let script = #"""
      printf '%s\n' \
        '{"type":"join","conversation":"#ops"}' \
        '{"type":"send","conversation":"#ops","text":"deploy done"}' \
        '{"type":"switch","conversation":"1"}' \
        '{"type":"send","text":"/quit is only text here"}' \
        '{"type":"quit"}' \
        '{"type":"send","text":"not sent: leaving"}' \
      | "$CHAT" --input jsonl --renderer jsonl --virtual-time
      """#
    let result = try BinaryRunner.shell(script)
    #expect(result.status == 0)
    #expect(
      result.stderr
        == "not sent: leaving once the replies in flight arrive (/quit again to quit now)\n")
    let shown = try events(result).filter { $0.type == "message" }
    #expect(
      shown.map { "\($0.sender ?? "?"): \($0.text ?? "")" }.filter { $0.hasPrefix("PersonA") } == [
        "PersonA: deploy done", "PersonA: /quit is only text here",
      ])
    #expect(shown.filter { $0.sender == "Person B" }.count == 2, "the peer answers each")
    // Where the output names conversations, each message is in the one the bot chose.
    let places = shown.compactMap(\.conversation)
    #expect(places.isEmpty || places == ["#ops", "#ops", "Conversation", "Conversation"])
  }

  @Test func aBadLineInTheMiddleIsReportedByNumberAndTheRestStillRuns() throws {
    let script = #"""
      {
        printf '%s\n' '{"type":"send","text":"first"}' '{"type":"send","text":"second"'
        printf '\377\n'
        head -c 2000000 /dev/zero | tr '\0' 'x'; printf '\n'
        printf '%s\n' '{"type":"shout","text":"x"}' '{"type":"send","text":"last"}'
      } | "$CHAT" --input jsonl --renderer jsonl --virtual-time
      """#
    let result = try BinaryRunner.shell(script)
    #expect(result.status == 0)
    #expect(
      result.stderr == """
        input line 2 skipped: not JSON: the line ends inside the JSON value at byte 31
        input line 3 skipped: not JSON: invalid UTF-8 at byte 1
        input line 4 skipped: longer than 1048576 bytes
        input line 5 skipped: unknown type "shout" (expected send, join, part, switch, query, topic, me, quit, nick, whois, who, away, notice, invite, kick, mode, op, deop, voice, devoice, ban, unban, quote, channels, setname, monitor, reply, react or read)

        """)
    let own = try messages(result).filter { $0.hasPrefix("PersonA") }
    #expect(own == ["PersonA: first", "PersonA: last"])
  }

  /// Every C0 control but LF (which ends the line) raw inside a JSON string is refused and
  /// named, U+0000 to U+001F alike, not only TAB and ESC; the line after them still runs.
  @Test func everyRawC0ControlInsideAStringIsRefusedByItsCode() throws {
    let codes = (0..<0x20).filter { $0 != 0x0A }
    let prefix = Array(#"{"type":"send","text":"a"#.utf8)
    var input: [UInt8] = []
    for code in codes { input += prefix + [UInt8(code)] + Array("b\"}\n".utf8) }
    input += Array(#"{"type":"send","text":"last"}"#.utf8) + [0x0A]
    let result = try BinaryRunner.run(
      ["--input", "jsonl", "--renderer", "jsonl", "--virtual-time"], stdin: input)
    #expect(result.status == 0)
    let expected = codes.enumerated().map { line, code in
      let hex = String(code, radix: 16, uppercase: true)
      return "input line \(line + 1) skipped: not JSON: control character U+00"
        + (hex.count == 1 ? "0" : "") + hex + " in a string (escape it) at byte \(prefix.count + 1)"
    }
    #expect(result.stderr.split(separator: "\n").map(String.init) == expected)
    #expect(try messages(result).filter { $0.hasPrefix("PersonA") } == ["PersonA: last"])
  }

  @Test(arguments: [
    (["--input", "json"], "invalid value 'json' for --input: expected text or jsonl"),
    (["--input"], "missing value for --input"),
    (["--input", "text", "--input=jsonl"], "--input given more than once: give it once"),
    (["--input", "jsonl", "--scenario", "s.chat"], "--input cannot be used with --scenario"),
    (["--input", "jsonl", "--record", "r.chat"], "--record cannot be used with --input jsonl"),
  ])
  func aBadInputOptionIsAUsageError(arguments: [String], message: String) throws {
    let result = try BinaryRunner.run(arguments, stdin: Array("hi\n".utf8))
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix("chat: " + message), "\(result.stderr)")
    #expect(result.stdout.isEmpty)
  }

  @Test func textInputIsTheDefault() throws {
    #expect(try Options(parsing: []).input == .text)
    #expect(try Options(parsing: ["--input=jsonl"]).input == .jsonl)
  }
}
