import Foundation
import IRCTestRequirements
import Testing

/// Outputs that fail: each is reported once, naming the output and the reason in words, with
/// the exit status the README's table promises.
@Suite(.ownThread, .timeLimit(.minutes(10))) struct OutputErrorTests {
  /// Runs `script` with bash (for `PIPESTATUS`), `$CHAT` naming the chat binary.
  private func bash(_ script: String) throws -> BinaryRunner.Result {
    var environment = ProcessInfo.processInfo.environment
    environment["CHAT"] = BinaryRunner.chatPath
    return try BinaryRunner.run(
      ["-c", script], executable: "/bin/bash", environment: environment, timeout: 60)
  }

  @Test func aClosedStdoutWithSIGPIPEIgnoredIsAnOutputErrorSaidOnce() throws {
    let result = try bash(
      #"trap '' PIPE; seq 100000 | "$CHAT" --virtual-time | head -1; echo "chat ${PIPESTATUS[1]}""#)
    #expect(result.lines == ["12:00:00.100 PersonA: 1", "chat 74"], "\(result.output)")
    let complaints = result.stderr.split(separator: "\n").filter { $0.hasPrefix("chat:") }
    #expect(
      complaints == ["chat: cannot write to standard output: the reader went away (broken pipe)"],
      "\(result.stderr)")
  }

  @Test func aClosedStdoutWithSIGPIPEIgnoredStopsAScenarioToo() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "chat-sigpipe-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let scenario = folder.appendingPathComponent("s.chat").path
    let entries = (0..<20_000).map { "+1ms | line \($0)\n" }.joined()
    try Data(entries.utf8).write(to: URL(fileURLWithPath: scenario))
    let result = try bash(
      #"trap '' PIPE; "$CHAT" --scenario "\#(scenario)" | head -1; echo "chat ${PIPESTATUS[0]}""#)
    #expect(result.lines.last == "chat 74", "\(result.output)")
    #expect(result.stderr.contains("chat: cannot write to standard output: the reader went away"))
  }

  @Test func withSIGPIPEAtItsDefaultTheSignalStillEndsChatQuietly() throws {
    let result = try bash(
      #"seq 100000 | "$CHAT" --virtual-time | head -1; echo "chat ${PIPESTATUS[1]}""#)
    #expect(result.lines == ["12:00:00.100 PersonA: 1", "chat 141"], "\(result.output)")
    #expect(!result.stderr.contains("chat:"), "\(result.stderr)")
  }

  @Test func aFullTranscriptFileIsNamedInTheError() throws {
    let result = try BinaryRunner.run(
      ["--virtual-time", "--log", "/dev/full"], stdin: Array("hi\n".utf8))
    #expect(result.status == 74)
    #expect(
      result.stderr == "chat: cannot write to '/dev/full': no space left on device\n",
      "\(result.stderr)")
  }

  @Test func aClosedStdoutNamesTheErrorInWords() throws {
    let result = try bash(#"echo hi | "$CHAT" --virtual-time >&-; echo "chat $?""#)
    #expect(result.lines == ["chat 74"], "\(result.output)")
    #expect(
      result.stderr == "chat: cannot write to standard output: bad file descriptor\n",
      "\(result.stderr)")
  }

  @Test func aPathThatCannotBeCreatedReachesStderrSanitised() throws {
    let result = try BinaryRunner.run(
      ["--virtual-time", "--jsonl", "/nonexistent-\u{1B}[2J/t.jsonl"], stdin: Array("hi\n".utf8))
    #expect(result.status == 73)
    #expect(
      result.stderr
        == "chat: cannot create '/nonexistent-␛[2J/t.jsonl': no such file or directory\n",
      "\(result.stderr)")
    #expect(result.stdout.isEmpty)
  }
}
