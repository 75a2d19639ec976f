import Foundation
import IRCTestRequirements
import Testing

@testable import ChatCommandLine

/// The command line as `Options` reads it, and the files it names as the built binary sees them.
@Suite(.ownThread, .timeLimit(.minutes(10))) struct OptionsTests {
  @Test(arguments: [
    (["--seed", "1", "--seed", "2"], "--seed"),
    (["--log", "a", "--log", "b"], "--log"),
    (["--name=a", "--name", "b"], "--name"),
    (["--renderer", "log", "--renderer=jsonl"], "--renderer"),
    (["--peer", "x", "--virtual-time", "--peer", "x"], "--peer"),
    (["--scenario", "a", "--scenario", "a"], "--scenario"),
    (["--burst", "2", "--burst", "3"], "--burst"),
  ])
  func aRepeatedSingleValuedOptionIsRefused(arguments: [String], option: String) {
    #expect(throws: UsageError.repeated(option: option)) { try Options(parsing: arguments) }
  }

  @Test func repeatedFlagsAreHarmless() throws {
    let options = try Options(parsing: ["--virtual-time", "--no-color", "--virtual-time"])
    #expect(options.virtualTime && options.noColor)
  }

  @Test(arguments: [["--name", "   "], ["--name", ""], ["--peer", "\t"], ["--peer= \u{3000}"]])
  func aBlankNameIsRefused(arguments: [String]) {
    #expect(throws: UsageError.self) { try Options(parsing: arguments) }
    let error = try? #require(throws: UsageError.self) { try Options(parsing: arguments) }
    #expect(error?.description.contains("expected a name that is not blank") == true)
  }

  @Test func aNameWithBlanksAroundItIsKept() throws {
    #expect(try Options(parsing: ["--name", " Ann "]).name == " Ann ")
  }

  @Test func aRepeatedLogOptionCreatesNeitherFile() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let result = try BinaryRunner.run(
      ["--virtual-time", "--log", "\(folder)/a", "--log", "\(folder)/b"], stdin: Array("hi\n".utf8))
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix("chat: --log given more than once: give it once\n"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
  }

  /// Each case names one file through two options, spelled as the closure makes them from the
  /// folder: the run is refused before anything is written.
  @Test(arguments: [
    (["--log", "F", "--jsonl", "F"], "--log and --jsonl both name '$/F'"),
    (["--log", "G", "--record", "./G"], "--log '$/G' and --record '$/./G' are the same file"),
    (["--jsonl", "G", "--log", "hard"], "--log '$/hard' and --jsonl '$/G'"),
    (["--log", "soft", "--record", "G"], "--log '$/soft' and --record '$/G' are the same file"),
    (["--log", "new", "--jsonl", "../$$/new"], "--log '$/new' and --jsonl '$/../$$/new'"),
    (["--scenario", "s.chat", "--log", "s.chat"], "--scenario and --log both name '$/s.chat'"),
  ])
  func oneFileForTwoOptionsIsAUsageErrorNamingBoth(arguments: [String], message: String) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let manager = FileManager.default
    try Data("precious\n".utf8).write(to: URL(fileURLWithPath: "\(folder)/G"))
    try manager.linkItem(atPath: "\(folder)/G", toPath: "\(folder)/hard")
    try manager.createSymbolicLink(atPath: "\(folder)/soft", withDestinationPath: "G")
    try Data("0ms | hi\n".utf8).write(to: URL(fileURLWithPath: "\(folder)/s.chat"))
    let name = URL(fileURLWithPath: folder).lastPathComponent
    let spelled = arguments.enumerated().map { index, argument in
      index % 2 == 1 ? "\(folder)/" + argument.replacingOccurrences(of: "$$", with: name) : argument
    }
    let before = try manager.contentsOfDirectory(atPath: folder).sorted()
    let result = try BinaryRunner.run(["--virtual-time"] + spelled, stdin: Array("hi\n".utf8))
    let expected = message.replacingOccurrences(of: "$$", with: name)
      .replacingOccurrences(of: "$", with: folder)
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix("chat: \(expected)"), "\(result.stderr)")
    #expect(result.stdout.isEmpty)
    #expect(try manager.contentsOfDirectory(atPath: folder).sorted() == before, "nothing created")
    #expect(try String(contentsOfFile: "\(folder)/G", encoding: .utf8) == "precious\n")
    #expect(try String(contentsOfFile: "\(folder)/s.chat", encoding: .utf8) == "0ms | hi\n")
  }

  @Test func distinctFilesAreFine() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let result = try BinaryRunner.run(
      [
        "--virtual-time", "--log", "\(folder)/a", "--jsonl", "\(folder)/b", "--record",
        "\(folder)/c",
      ],
      stdin: Array("hi\n".utf8))
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["a", "b", "c"])
  }

  private func temporaryFolder() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "chat-options-\(UUID().uuidString)"
    ).path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }
}
