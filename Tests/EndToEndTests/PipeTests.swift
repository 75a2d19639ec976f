import Foundation
import IRCTestRequirements
import Testing

/// The built binary through real pipes: what people do with `chat ... | jq`.
@Suite(.ownThread, .timeLimit(.minutes(10))) struct PipeTests {
  private struct Event: Decodable {
    var type: String
    var seq: Int
    var id: String?
    var sender: String?
    var text: String?
    var time: String?
    var own: Bool?
  }

  private func events(_ result: BinaryRunner.Result) throws -> [Event] {
    try result.lines.map { try JSONDecoder().decode(Event.self, from: Data($0.utf8)) }
  }

  private func milliseconds(_ time: String?) -> Int {
    let clock = time!.split(separator: "T")[1].dropLast()  // HH:MM:SS.mmm
    let parts = clock.split(separator: ":")
    return (Int(parts[0])! * 3600 + Int(parts[1])! * 60) * 1000 + Int(Double(parts[2])! * 1000)
  }

  @Test func jsonLinesShowTheSeedsTimingOnTheVirtualClock() throws {
    let result = try BinaryRunner.run(
      ["--renderer", "jsonl", "--virtual-time"], stdin: Array("hello\nworld\n".utf8))
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
    let all = try events(result)
    #expect(all.map(\.seq) == Array(1...all.count))
    #expect(all.first?.type == "start")
    #expect(all.last?.type == "end")
    let messages = all.filter { $0.type == "message" }
    #expect(messages.map(\.sender) == ["PersonA", "Person B", "PersonA", "Person B"])
    #expect(messages.map(\.own) == [true, false, true, false])
    #expect(messages.map(\.text)[0] == "hello")
    #expect(messages.map(\.text)[2] == "world")
    let sent = all.filter { $0.type == "sent" }.map { milliseconds($0.time) }
    let times = messages.map { milliseconds($0.time) }
    #expect(times[0] - sent[0] == 100)
    #expect(times[1] - times[0] == 200)
    #expect(times[3] - times[2] == 200)
    #expect(UUID(uuidString: messages[1].text ?? "") != nil)
  }

  @Test func sameSeedSameOutputAndAnotherSeedOtherReplies() throws {
    let input = Array("a\nb\n".utf8)
    let first = try BinaryRunner.run(
      ["--renderer", "jsonl", "--seed", "9", "--virtual-time"], stdin: input)
    let second = try BinaryRunner.run(
      ["--renderer", "jsonl", "--seed", "9", "--virtual-time"], stdin: input)
    let other = try BinaryRunner.run(
      ["--renderer", "jsonl", "--seed", "10", "--virtual-time"], stdin: input)
    #expect(first.stdout == second.stdout)
    #expect(first.stdout != other.stdout)
    let defaultSeed = try BinaryRunner.run(["--renderer", "jsonl", "--virtual-time"], stdin: input)
    let defaultAgain = try BinaryRunner.run(["--virtual-time", "--renderer=jsonl"], stdin: input)
    #expect(defaultSeed.stdout == defaultAgain.stdout)
  }

  @Test func namesAreConfigurable() throws {
    let result = try BinaryRunner.run(
      ["--virtual-time", "--name", "Alice", "--peer", "Bob"], stdin: Array("hi\n".utf8))
    #expect(result.lines.count == 2)
    #expect(result.lines[0] == "12:00:00.100 Alice: hi")
    #expect(result.lines[1].hasPrefix("12:00:00.300 Bob: "))
  }

  @Test func realTimeRunFinishesShortlyAfterTheLastReply() throws {
    let result = try BinaryRunner.run(["--renderer", "log"], stdin: Array("one\ntwo\n".utf8))
    #expect(result.status == 0)
    #expect(result.lines.count == 4)
    #expect(result.seconds >= 0.3)
    #expect(result.seconds < 5, "took \(result.seconds) s")
  }

  @Test func outputIsLiveThroughAPipe() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: BinaryRunner.chatPath)
    process.arguments = ["--renderer", "jsonl"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    defer {
      try? input.fileHandleForWriting.close()
      process.waitUntilExit()
    }
    input.fileHandleForWriting.write(Data("ping\n".utf8))
    // The reply must arrive while stdin is still open: nothing may sit in a buffer.
    var received = ""
    let deadline = Date().addingTimeInterval(10)
    let descriptor = output.fileHandleForReading.fileDescriptor
    while !received.contains("\"own\":false"), Date() < deadline {
      var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, 100) > 0 else { continue }
      var buffer = [UInt8](repeating: 0, count: 4096)
      let count = read(descriptor, &buffer, buffer.count)
      guard count > 0 else { break }
      received += String(decoding: buffer[..<count], as: UTF8.self)
    }
    #expect(received.contains("\"own\":false"), "no reply while input open: \(received)")
  }

  @Test(arguments: [
    (["--bogus"], "unknown option '--bogus'"),
    (["--renderer"], "missing value for --renderer"),
    (["--renderer", "xml"], "invalid value 'xml' for --renderer"),
    (["--seed", "-3"], "invalid value '-3' for --seed"),
    (["--virtual-time=yes"], "--virtual-time takes no value"),
    (["extra"], "unexpected argument 'extra'"),
    (["--faults", "drop=2"], "invalid --faults: invalid fault 'drop=2': expected a probability"),
    (["--burst", "0"], "invalid value '0' for --burst"),
  ])
  func badArgumentsNameTheCulpritAndExit64(arguments: [String], message: String) throws {
    let result = try BinaryRunner.run(arguments)
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("chat: \(message)"), "\(result.stderr)")
    #expect(result.stderr.split(separator: "\n").count == 2, "one error line and one hint")
    #expect(result.stderr.contains("chat --help"))
  }

  @Test func hostileArgumentsAreQuotedHarmlessly() throws {
    let result = try BinaryRunner.run(["--x\u{1B}]2;pwned\u{7}"])
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix("chat: unknown option '--x␛]2;pwned␇'"), "\(result.stderr)")
    #expect(!result.stderr.unicodeScalars.contains("\u{1B}"))
  }

  @Test func helpAndVersionGoToStdoutAndExitZero() throws {
    let help = try BinaryRunner.run(["--help"])
    #expect(help.status == 0)
    #expect(help.output.hasPrefix("USAGE: chat"))
    #expect(help.output.contains("--renderer"))
    let version = try BinaryRunner.run(["--version"])
    #expect(version.status == 0)
    #expect(version.output.hasPrefix("chat "))
  }

  @Test func hostileInputArrivesWholeAndSafe() throws {
    let megabyte = String(repeating: "m", count: 1 << 20)
    var input: [UInt8] = Array("esc \u{1B}]0;pwned\u{7}\u{1B}[2J\n".utf8)
    input += [0x6E, 0x75, 0x6C, 0x00, 0x20, 0xFF, 0xFE, 0x0A]  // "nul\0 " + invalid UTF-8
    input += Array("\(megabyte)\n".utf8)
    input += Array("sep\u{2028}\u{85}\nlast line without newline".utf8)
    let jsonl = try BinaryRunner.run(["--renderer", "jsonl", "--virtual-time"], stdin: input)
    #expect(jsonl.status == 0)
    let own = try events(jsonl).filter { $0.type == "message" && $0.own == true }.map(\.text)
    #expect(
      own == [
        "esc \u{1B}]0;pwned\u{7}\u{1B}[2J", "nul\u{0} \u{FFFD}\u{FFFD}", megabyte,
        "sep\u{2028}\u{85}",
        "last line without newline",
      ])
    #expect(!jsonl.stdout.contains(0x1B))
    #expect(try events(jsonl).filter { $0.type == "message" && $0.own == false }.count == 5)

    let log = try BinaryRunner.run(["--renderer", "log", "--virtual-time"], stdin: input)
    #expect(log.status == 0)
    #expect(log.lines.count == 10)
    #expect(!log.stdout.contains(0x1B))
    #expect(!log.stdout.contains(0x00))
    #expect(log.output.contains("PersonA: esc ␛]0;pwned␇␛[2J\n"))
  }

  @Test func headEndsPromptlyAndQuietly() throws {
    let result = try BinaryRunner.shell(
      "yes hello | head -n 200000 | \"$CHAT\" --renderer jsonl --virtual-time | head -1",
      timeout: 30)
    #expect(result.status == 0)
    #expect(result.lines.count == 1)
    #expect(result.stderr.isEmpty, "\(result.stderr)")
    #expect(result.seconds < 10)
  }

  @Test func slashCommandsInPipedInput() throws {
    let result = try BinaryRunner.run(
      ["--virtual-time"], stdin: Array("/help\n//slash\n/nope\n".utf8))
    #expect(result.status == 0)
    #expect(result.lines.first == "12:00:00.100 PersonA: /slash")
    #expect(result.stderr.contains("/quit"))
    #expect(result.stderr.contains("unknown command '/nope'"))
  }
}
