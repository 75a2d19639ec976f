import ChatScenario
import Foundation
import IRCTestRequirements
import Testing

@testable import ChatCommandLine

/// `chat --scenario` and `chat --record` through the built binary.
@Suite(.ownThread, .timeLimit(.minutes(10))) struct ScenarioCommandTests {
  private func temporaryFile(_ name: String, _ contents: [UInt8]? = nil) throws -> String {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("chat-scenario-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let url = folder.appendingPathComponent(name)
    if let contents { try Data(contents).write(to: url) }
    return url.path
  }

  @Test func aMalformedScenarioExits65NamingFileAndLine() throws {
    let path = try temporaryFile("bad.chat", Array("seed 1\n0ms | fine\n1.2.3s | bad\n".utf8))
    let run = try BinaryRunner.run(["--scenario", path])
    #expect(run.status == 65)
    #expect(run.stdout.isEmpty)
    #expect(
      run.stderr
        == "chat: \(path):3: invalid time '1.2.3s': expected milliseconds ('250ms') or seconds"
        + " ('1.250s'), optionally after '+', within 1000 years\n")
  }

  @Test func aMissingScenarioExits66() throws {
    let path = try temporaryFile("absent.chat")
    let run = try BinaryRunner.run(["--scenario", path, "--renderer", "jsonl"])
    #expect(run.status == 66)
    #expect(run.stdout.isEmpty)
    #expect(run.stderr == "chat: cannot read scenario '\(path)': no such file\n")
  }

  @Test(arguments: [["--seed", "2"], ["--name", "X"], ["--peer", "Y"], ["--record", "/tmp/r"]])
  func optionsThatWouldChangeAScenarioAreRefused(extra: [String]) throws {
    let run = try BinaryRunner.run(["--scenario", "any.chat"] + extra)
    #expect(run.status == 64)
    #expect(run.stderr.hasPrefix("chat: \(extra[0]) cannot be used with --scenario: "))
  }

  @Test func theScenarioDefaultSeedIsTheVirtualTimeDefault() {
    #expect(Scenario.defaultSeed == Options.defaultVirtualSeed)
  }

  /// Typed text of every awkward kind, recorded in a virtual run and played back: a line
  /// longer than 80 columns among them.
  static let awkwardInput: [UInt8] =
    Array("hello\n  spaced  \n\u{1B}[31mred\u{7}\n/help\n//slash\n\n\t\n/nope\n".utf8)
    + Array((String(repeating: "long ", count: 20) + "\nlast").utf8) + [0xFF, 0x0A]

  /// With the line format on a pipe, which chat does not wrap, the recording says so
  /// (`width none`) and the replay does not wrap either (the long typed line).
  @Test(arguments: ["log", "jsonl", "line"])
  func aRecordedVirtualRunPlaysBackByteForByte(renderer: String) throws {
    let recording = try temporaryFile("recorded.chat")
    let original = try BinaryRunner.run(
      [
        "--virtual-time", "--seed", "77", "--name", "Zed \u{1B}[1m", "--peer", " Q",
        "--renderer", renderer, "--record", recording,
      ], stdin: Self.awkwardInput)
    #expect(original.status == 0)
    let replay = try BinaryRunner.run(["--scenario", recording, "--renderer", renderer])
    #expect(replay.status == 0)
    #expect(!original.stdout.isEmpty)
    #expect(replay.stdout == original.stdout)
    #expect(replay.stderr == original.stderr, "the notices match too")
    let scenario = try Scenario(contentsOfFile: recording)
    #expect(scenario.seed == 77)
    #expect(scenario.name == "Zed \u{1B}[1m")
    #expect(scenario.peer == " Q")
    #expect(scenario.entries.last?.event == .end)
    #expect(scenario.isUnwrapped == (renderer == "line"))
    if renderer == "line" {
      #expect(original.output.split(separator: "\n").contains { $0.count > 80 }, "a long line")
    }
  }

  /// A live run's times cannot be replayed exactly, but its seed is recorded, so the replay
  /// holds the same messages with the same ids and reply texts.
  @Test func aRecordedLiveRunPlaysBackTheSameConversation() throws {
    struct Event: Decodable, Equatable {
      var type: String
      var id: String?
      var sender: String?
      var text: String?
    }
    func events(_ bytes: [UInt8]) throws -> [Event] {
      try String(decoding: bytes, as: UTF8.self).split(separator: "\n")
        .map { try JSONDecoder().decode(Event.self, from: Data($0.utf8)) }
    }
    let recording = try temporaryFile("live.chat")
    let live = try BinaryRunner.run(
      ["--renderer", "jsonl", "--record", recording], stdin: Array("one\ntwo\n".utf8))
    #expect(live.status == 0)
    let replay = try BinaryRunner.run(["--scenario", recording, "--renderer", "jsonl"])
    #expect(replay.status == 0)
    let replayed = try events(replay.stdout)
    #expect(try events(live.stdout) == replayed)
    #expect(replayed.filter { $0.type == "message" }.count == 4)
  }
}
