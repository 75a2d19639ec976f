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
    #expect(room.hasPrefix("12:00:00.100 -- you joined\n"))
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
}
