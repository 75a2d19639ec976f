import Foundation
import IRCTestRequirements
import Testing

/// `--log-dir` through the built binary: real files, real permissions.
@Suite(.ownThread, .timeLimit(.minutes(10))) struct LogDirectoryTests {
  @Test func eachConversationIsLoggedToAPrivateFileOfItsOwn() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let directory = scratch.path + "/logs"
    let input = "/join #Room\nhello room\n/msg Carol hi\n/join #../../x\nin x\n/switch 1\nback\n"
    let result = try BinaryRunner.run(
      ["--virtual-time", "--log-dir", directory], stdin: Array(input.utf8))
    #expect(result.status == 0, "\(result.stderr)")
    let files = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    #expect(files == ["#%2E%2E%2F%2E%2E%2Fx.log", "#room.log", "carol.log", "conversation.log"])
    #expect(try scratch.mode(of: "logs") == 0o700)
    for file in files { #expect(try scratch.mode(of: "logs/" + file) == 0o600, "\(file)") }
    let room = try String(contentsOfFile: directory + "/#room.log", encoding: .utf8)
    #expect(room.hasPrefix("--- Log opened Wed Jan 01 12:00:00 2025\n12:00:00.100 -- you joined\n"))
    #expect(room.hasSuffix("\n--- Log closed Wed Jan 01 12:00:01 2025\n"), "\(room)")
    #expect(room.contains(" PersonA: hello room\n"))
    #expect(!room.contains("[#Room]") && !room.contains("Carol"))
    let first = try String(contentsOfFile: directory + "/conversation.log", encoding: .utf8)
    #expect(first.contains(" PersonA: back\n"))
  }

  @Test func aDirectoryThatCannotBeMadeIsAnOutputError() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let file = try scratch.write("", to: "plain-file")
    let result = try BinaryRunner.run(
      ["--virtual-time", "--log-dir", file], stdin: Array("hi\n".utf8))
    #expect(result.status == 73)
    #expect(result.stderr.contains("cannot create '\(file)'"))
  }

  /// `--log-dir` with `--scenario` writes the scenario's conversations, as `--log` does (it
  /// was silently ignored), with irssi's markers on the virtual clock's days: the same files
  /// every time.
  @Test func aScenarioIsLoggedToTheDirectoryWithTheMarkersOfItsVirtualDays() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let scenario = try scratch.write(
      "0ms | hello\n+1s | /join #night\n+1s | before midnight\n+43200s | after midnight\n",
      to: "night.chat")
    var outputs: [String] = []
    for run in ["first", "second"] {
      let directory = scratch.path + "/" + run
      let result = try BinaryRunner.run(["--scenario", scenario, "--log-dir", directory])
      #expect(result.status == 0, "\(result.stderr)")
      let files = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
      #expect(files == ["#night.log", "conversation.log"])
      outputs.append(try String(contentsOfFile: directory + "/#night.log", encoding: .utf8))
    }
    #expect(outputs[0] == outputs[1])
    let lines = outputs[0].split(separator: "\n")
    #expect(lines.first == "--- Log opened Wed Jan 01 12:00:01 2025")
    #expect(lines.contains("--- Day changed Thu Jan 02 2025"))
    #expect(lines.last?.hasPrefix("--- Log closed Thu Jan 02 00:00:") == true, "\(lines)")
    let dayChanged = try #require(lines.firstIndex(of: "--- Day changed Thu Jan 02 2025"))
    #expect(lines[dayChanged - 2].hasSuffix("PersonA: before midnight"))
    #expect(lines[dayChanged - 1].hasPrefix("12:00:02.300 Person B: "))
    #expect(lines[dayChanged + 1].hasSuffix("PersonA: after midnight"))
  }

  /// A second run appends to the first's files: each run is framed by its own markers.
  @Test func aSecondRunAppendsItsOwnFramedLog() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let directory = scratch.path + "/logs"
    for text in ["one", "two"] {
      let result = try BinaryRunner.run(
        ["--virtual-time", "--log-dir", directory], stdin: Array("\(text)\n".utf8))
      #expect(result.status == 0, "\(result.stderr)")
    }
    let log = try String(contentsOfFile: directory + "/conversation.log", encoding: .utf8)
    #expect(log.components(separatedBy: "--- Log opened").count == 3)
    #expect(log.components(separatedBy: "--- Log closed").count == 3)
    #expect(log.range(of: "PersonA: one")!.lowerBound < log.range(of: "PersonA: two")!.lowerBound)
  }
}
