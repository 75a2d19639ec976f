import Foundation
import IRCTestRequirements
import Testing

/// The files chat writes, through the built binary: never lost, never shared, private.
@Suite(.ownThread, .timeLimit(.minutes(10))) struct OutputFileTests {
  /// `--log` and `--jsonl` append: an earlier run's lines stay, and the new run begins as its
  /// format begins one (JSON lines: its own `start` object).
  @Test func aTranscriptFileKeepsEarlierRunsAndTheNewRunFollows() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let log = try scratch.write("earlier log line\n", to: "t.log")
    let jsonl = try scratch.write("{\"type\":\"earlier\"}\n", to: "t.jsonl")
    for text in ["first", "second"] {
      let result = try BinaryRunner.run(
        ["--virtual-time", "--log", log, "--jsonl", jsonl], stdin: Array("\(text)\n".utf8))
      #expect(result.status == 0, "\(result.stderr)")
    }
    let logText = try String(contentsOfFile: log, encoding: .utf8)
    #expect(logText.hasPrefix("earlier log line\n12:00:00.100 PersonA: first\n"), "\(logText)")
    #expect(logText.contains("\n12:00:00.100 PersonA: second\n"))
    let lines = try String(contentsOfFile: jsonl, encoding: .utf8).split(separator: "\n")
    #expect(lines.first == "{\"type\":\"earlier\"}")
    let types = lines.dropFirst().map { line in
      (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["type"]
        as? String
    }
    #expect(types.filter { $0 == "start" }.count == 2)
    #expect(types.filter { $0 == "end" }.count == 2)
    #expect(types[0] == "start" && types.last == "end")
  }

  /// `--record` never replaces a file: an existing one (or a dangling symbolic link) ends the
  /// run before it starts, 73, naming it, and nothing else is written.
  @Test(arguments: ["file", "dangling link"])
  func aRecordingRefusesAFileThatExists(kind: String) throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let record = scratch.path + "/run.chat"
    if kind == "file" {
      try scratch.write("# an earlier recording\n0ms | hi\n", to: "run.chat")
    } else {
      try FileManager.default.createSymbolicLink(
        atPath: record, withDestinationPath: scratch.path + "/elsewhere.chat")
    }
    let log = scratch.path + "/t.log"
    let result = try BinaryRunner.run(
      ["--virtual-time", "--record", record, "--log", log], stdin: Array("hi\n".utf8))
    #expect(result.status == 73)
    #expect(
      result.stderr
        == "chat: --record '\(record)' exists: a recording never replaces a file; remove it or"
        + " give another name\n")
    #expect(result.stdout.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: log), "nothing else written")
    if kind == "file" {
      #expect(
        try String(contentsOfFile: record, encoding: .utf8) == "# an earlier recording\n0ms | hi\n")
    } else {
      #expect(!FileManager.default.fileExists(atPath: scratch.path + "/elsewhere.chat"))
    }
  }

  /// Every file chat creates is for its owner only, whatever the umask lets through.
  @Test func everyFileChatCreatesIsReadableByItsOwnerOnly() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let result = try BinaryRunner.shell(
      "cd '\(scratch.path)' && umask 000 && echo hi | \"$CHAT\" --virtual-time --log t.log"
        + " --jsonl t.jsonl --record t.chat --log-dir logs >/dev/null")
    #expect(result.status == 0, "\(result.stderr)")
    for file in ["t.log", "t.jsonl", "t.chat", "logs/conversation.log"] {
      #expect(try scratch.mode(of: file) == 0o600, "\(file)")
    }
    #expect(try scratch.mode(of: "logs") == 0o700)
  }

  /// A dangling symbolic link counts as the file it points to: `--jsonl DIR/alias`, where
  /// `alias` points to the `--log` file not yet created, names one file twice.
  @Test(arguments: [
    ("alias", "t.txt", "--log '$/t.txt' and --jsonl '$/alias' are the same file"),
    ("alias", "./sub/../t.txt", "--log '$/t.txt' and --jsonl '$/alias' are the same file"),
    ("alias", "chain", "--log '$/t.txt' and --jsonl '$/alias' are the same file"),
  ])
  func aDanglingLinkToAnotherOutputIsTheSameFile(link: String, target: String, message: String)
    throws
  {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let manager = FileManager.default
    try manager.createDirectory(atPath: scratch.path + "/sub", withIntermediateDirectories: true)
    try manager.createSymbolicLink(atPath: scratch.path + "/chain", withDestinationPath: "t.txt")
    try manager.createSymbolicLink(atPath: scratch.path + "/" + link, withDestinationPath: target)
    let result = try BinaryRunner.run(
      [
        "--virtual-time", "--log", scratch.path + "/t.txt", "--jsonl", scratch.path + "/" + link,
      ], stdin: Array("hi\n".utf8))
    #expect(result.status == 64)
    let expected = message.replacingOccurrences(of: "$", with: scratch.path)
    #expect(result.stderr.hasPrefix("chat: \(expected): give each"), "\(result.stderr)")
    #expect(!manager.fileExists(atPath: scratch.path + "/t.txt"), "nothing created")
  }

  /// An output that is the file standard output already appends to is refused: the two
  /// would interleave.
  @Test func anOutputThatIsStandardOutputsFileIsRefused() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let result = try BinaryRunner.shell(
      "cd '\(scratch.path)' && echo hi | \"$CHAT\" --virtual-time --jsonl ./out.txt >> out.txt")
    #expect(result.status == 64)
    #expect(
      result.stderr.hasPrefix(
        "chat: --jsonl './out.txt' is the file standard output goes to: give each its own file\n"))
    #expect(try String(contentsOfFile: scratch.path + "/out.txt", encoding: .utf8).isEmpty)
  }

  /// An output in the `--log-dir` directory under a conversation log's name would share
  /// that file; another name there is fine.
  @Test func anOutputUnderAConversationLogsNameInTheLogDirectoryIsRefused() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let logs = scratch.path + "/logs"
    let refused = try BinaryRunner.run(
      ["--virtual-time", "--log-dir", logs, "--log", logs + "/../logs/conversation.log"],
      stdin: Array("hi\n".utf8))
    #expect(refused.status == 64)
    #expect(refused.stderr.contains("is in --log-dir '\(logs)' under a name a conversation's log"))
    #expect(!FileManager.default.fileExists(atPath: logs))
    let fine = try BinaryRunner.run(
      ["--virtual-time", "--log-dir", logs, "--log", logs + "/all.txt"], stdin: Array("hi\n".utf8))
    #expect(fine.status == 0, "\(fine.stderr)")
  }

  /// The README's promise about files, read from its words and held to what the binary does:
  /// `--log` and `--jsonl` append, `--record` refuses a file that exists with the status the
  /// README names, and a file chat creates has the mode it names.
  @Test func theReadmesPromiseAboutFilesIsWhatTheBinaryDoes() throws {
    let readme = try String(
      contentsOf: ExitStatusTests.root.appendingPathComponent("README.md"), encoding: .utf8)
    let words = readme.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    let promise = try Regex(
      #"Files are never lost: `--log` and `--jsonl` append to a file that exists, `--record` "#
        + #"refuses one \(exit (\d+)\), and every file chat creates is readable by you only "#
        + #"\(mode (0[0-7]{3})\)\."#, as: (Substring, Substring, Substring).self)
    let match = try #require(words.firstMatch(of: promise), "the README's promise is gone")
    let status = try #require(Int32(match.output.1))
    let mode = try #require(Int(match.output.2, radix: 8))
    #expect(readme.contains("| `--log FILE` | also write the plain-text log to FILE (appended) |"))
    #expect(readme.contains("| `--jsonl FILE` | also write JSON lines to FILE (appended) |"))
    #expect(readme.contains("a recording of the run (FILE must be new) |"))

    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let record = try scratch.write("# an earlier recording\n", to: "t.chat")
    let refused = try BinaryRunner.run(
      ["--virtual-time", "--record", record], stdin: Array("hi\n".utf8))
    #expect(refused.status == status, "\(refused.stderr)")
    _ = try scratch.write("earlier log line\n", to: "t.log")
    _ = try scratch.write("{\"type\":\"earlier\"}\n", to: "t.jsonl")
    let run = try BinaryRunner.shell(
      "cd '\(scratch.path)' && umask 000 && echo hi | \"$CHAT\" --virtual-time --log t.log"
        + " --jsonl t.jsonl --record new.chat >/dev/null")
    #expect(run.status == 0, "\(run.stderr)")
    let log = try String(contentsOfFile: scratch.path + "/t.log", encoding: .utf8)
    #expect(log.hasPrefix("earlier log line\n") && log.contains("PersonA: hi\n"), "\(log)")
    let jsonl = try String(contentsOfFile: scratch.path + "/t.jsonl", encoding: .utf8)
    #expect(jsonl.hasPrefix("{\"type\":\"earlier\"}\n{\"type\":\"start\""), "\(jsonl)")
    #expect(try scratch.mode(of: "new.chat") == mode)
  }
}
