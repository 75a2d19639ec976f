import ChatVerify
import Foundation
import IRCTestRequirements
import Testing

/// `chat verify [--record] DIR` through the built binary, on copies of `Fixtures/` cases in
/// temporary folders.
@Suite(.ownThread, .timeLimit(.minutes(10))) struct VerifyCommandTests {
  /// A temporary folder holding copies of the named `Fixtures/` cases; remove it with `defer`.
  private func copyOfCases(_ names: [String]) throws -> URL {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("chat-verify-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    for name in names {
      try FileManager.default.copyItem(
        at: Snapshot.fixtures.appendingPathComponent(name), to: root.appendingPathComponent(name))
    }
    return root
  }

  /// The environment of the test run without `CI`, unless `ci` gives it a value: recording
  /// tests must not be refused because the suite itself runs on CI.
  private func environment(ci: String? = nil) -> [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment["CI"] = ci
    return environment
  }

  private func verify(_ arguments: [String], ci: String? = nil) throws -> BinaryRunner.Result {
    try BinaryRunner.run(["verify"] + arguments, environment: environment(ci: ci))
  }

  @Test func matchingCasesExitZeroWithASummary() throws {
    let root = try copyOfCases(["one-message", "commands"])
    defer { try? FileManager.default.removeItem(at: root) }
    let run = try verify([root.path])
    #expect(run.status == 0, "\(run.output)\(run.stderr)")
    #expect(
      run.output
        == "ok   \(root.path)/commands\nok   \(root.path)/one-message\n"
        + "2 cases, 10 renders: all match\n")
    #expect(run.stderr.isEmpty)
  }

  @Test func oneChangedByteExitsOneWithADiffNamingFileAndLine() throws {
    let root = try copyOfCases(["one-message", "commands"])
    defer { try? FileManager.default.removeItem(at: root) }
    let log = root.appendingPathComponent("commands/log.txt")
    var bytes = [UInt8](try Data(contentsOf: log))
    let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    let secondLineStart = lines[0].count + 1
    bytes[secondLineStart] = UInt8(ascii: "9")  // `12:00:…` becomes `92:00:…` on line 2.
    try Data(bytes).write(to: log)
    let run = try verify([root.path])
    #expect(run.status == 1)
    let changed = String(decoding: lines[1], as: UTF8.self)
    let output = run.output
    #expect(output.contains("FAIL \(root.path)/commands\n"))
    #expect(output.contains("ok   \(root.path)/one-message\n"), "the other case still runs")
    #expect(output.contains("\(root.path)/commands/log.txt:2: differs from what the renderer"))
    #expect(output.contains("--- \(root.path)/commands/log.txt (expected)\n+++ actual output\n"))
    #expect(output.contains("\n-9\(changed.dropFirst())\n+\(changed)\n"))
    #expect(output.hasSuffix("2 cases, 10 renders: 1 differs\n"))
  }

  @Test func aMissingSnapshotIsReportedThenRecordedThenMatches() throws {
    let root = try copyOfCases(["one-message"])
    defer { try? FileManager.default.removeItem(at: root) }
    let line = root.appendingPathComponent("one-message/line.txt")
    let original = try Data(contentsOf: line)
    try FileManager.default.removeItem(at: line)

    let missing = try verify([root.path])
    #expect(missing.status == 1)
    #expect(
      missing.output.contains(
        "\(root.path)/one-message/line.txt: missing; 'chat verify --record \(root.path)'"
          + " writes it\n"))
    #expect(missing.output.hasSuffix("1 case, 5 renders: 1 differs (1 missing)\n"))
    #expect(!FileManager.default.fileExists(atPath: line.path), "verify alone writes nothing")

    let record = try verify(["--record", root.path])
    #expect(record.status == 0, "\(record.output)\(record.stderr)")
    #expect(record.output.contains("wrote \(root.path)/one-message/line.txt (new)\n"))
    #expect(record.output.hasSuffix("1 case, 5 renders: 1 recorded\n"))
    #expect(try Data(contentsOf: line) == original)

    let again = try verify([root.path])
    #expect(again.status == 0)
    #expect(again.output.hasSuffix("1 case, 5 renders: all match\n"))
  }

  @Test func recordingRewritesAChangedSnapshotAndRemovesItsPendingCopy() throws {
    let root = try copyOfCases(["one-message"])
    defer { try? FileManager.default.removeItem(at: root) }
    let log = root.appendingPathComponent("one-message/log.txt")
    let original = try Data(contentsOf: log)
    try Data("stale\n".utf8).write(to: log)
    try Data("left by swift test\n".utf8).write(to: log.appendingPathExtension("new"))

    let check = try verify([root.path])
    #expect(check.status == 1)
    #expect(check.output.contains("note: \(log.path).new: a pending snapshot from a test run"))

    let record = try verify(["--record", root.path])
    #expect(record.status == 0)
    #expect(record.output.contains("wrote \(log.path) (changed)\nremoved \(log.path).new\n"))
    #expect(try Data(contentsOf: log) == original)
    #expect(!FileManager.default.fileExists(atPath: log.path + ".new"))
  }

  @Test(arguments: ["1", "true"])
  func recordingIsRefusedOnCI(ci: String) throws {
    let root = try copyOfCases(["one-message"])
    defer { try? FileManager.default.removeItem(at: root) }
    let line = root.appendingPathComponent("one-message/line.txt")
    try FileManager.default.removeItem(at: line)
    let run = try verify(["--record", root.path], ci: ci)
    #expect(run.status == 64)
    #expect(run.stdout.isEmpty)
    #expect(
      run.stderr.hasPrefix(
        "chat: verify --record refused: CI is set (CI=\(ci)), and snapshots are never recorded"))
    #expect(!FileManager.default.fileExists(atPath: line.path))
    let check = try verify([root.path], ci: ci)
    #expect(check.status == 1, "checking is what CI does")
  }

  @Test func aMissingFolderExits66NamingItSanitised() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("chat-verify-absent-\u{1B}[2J").path
    let run = try verify([path])
    #expect(run.status == 66)
    #expect(run.stdout.isEmpty)
    let shown = path.replacingOccurrences(of: "\u{1B}", with: "␛")
    #expect(run.stderr == "chat: cannot verify '\(shown)': no such folder\n")
  }

  @Test func aFolderWithoutCasesExits66() throws {
    let root = try copyOfCases([])
    defer { try? FileManager.default.removeItem(at: root) }
    let run = try verify([root.path])
    #expect(run.status == 66)
    #expect(run.stderr.hasPrefix("chat: no cases under '\(root.path)'"))
  }

  @Test func aMalformedScenarioFailsItsCaseWith65AndTheOthersStillRun() throws {
    let root = try copyOfCases(["one-message", "unicode"])
    defer { try? FileManager.default.removeItem(at: root) }
    let scenario = root.appendingPathComponent("one-message/scenario.chat")
    try Data("seed 1\n0ms | fine\n1.2.3s | bad\n".utf8).write(to: scenario)
    let run = try verify([root.path])
    #expect(run.status == 65)
    #expect(
      run.output.contains(
        "FAIL \(root.path)/one-message\n\(scenario.path):3: invalid time '1.2.3s'"))
    #expect(run.output.contains("ok   \(root.path)/unicode\n"))
    #expect(run.output.hasSuffix("2 cases, 5 renders: all match; 1 case cannot be played\n"))
  }

  @Test func aCaseFolderWithoutAScenarioIsReported() throws {
    let root = try copyOfCases(["one-message"])
    defer { try? FileManager.default.removeItem(at: root) }
    let folder = root.appendingPathComponent("one-message")
    try FileManager.default.removeItem(at: folder.appendingPathComponent("scenario.chat"))
    let run = try verify([root.path])
    #expect(run.status == 65)
    #expect(
      run.output.contains(
        "\(folder.path)/scenario.chat: missing: a case folder needs one (this one holds"
          + " jsonl.jsonl, line.txt, log.txt, notices.txt, screen.txt)\n"))
  }

  @Test func nestedCasesAndTheFolderItselfAreChecked() throws {
    let root = try copyOfCases(["one-message"])
    defer { try? FileManager.default.removeItem(at: root) }
    let single = root.appendingPathComponent("one-message")
    let nested = root.appendingPathComponent("group/deeper")
    try FileManager.default.createDirectory(
      at: nested.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: Snapshot.fixtures.appendingPathComponent("unicode"), to: nested)
    let inner = try verify([root.path])
    #expect(inner.status == 0)
    #expect(inner.output.contains("ok   \(root.path)/group/deeper\n"))
    #expect(inner.output.hasSuffix("2 cases, 10 renders: all match\n"))
    let itself = try verify([single.path])
    #expect(itself.output == "ok   \(single.path)\n1 case, 5 renders: all match\n")
  }

  @Test func hostileFileNamesAreSanitisedInTheReport() throws {
    let root = try copyOfCases([])
    defer { try? FileManager.default.removeItem(at: root) }
    let hostile = "evil\u{1B}]0;pwned\u{7}\u{202E}"
    try FileManager.default.copyItem(
      at: Snapshot.fixtures.appendingPathComponent("one-message"),
      to: root.appendingPathComponent(hostile))
    try Data("changed\n".utf8).write(
      to: root.appendingPathComponent(hostile).appendingPathComponent("log.txt"))
    let run = try verify([root.path])
    #expect(run.status == 1)
    #expect(!run.output.contains("\u{1B}") && !run.output.contains("\u{202E}"))
    #expect(run.output.contains("FAIL \(root.path)/evil␛]0;pwned␇<U+202E>\n"))
  }

  @Test(arguments: [[], ["--bogus", "x"], ["a", "b"]])
  func aBadVerifyCommandLineExits64(arguments: [String]) throws {
    let run = try verify(arguments)
    #expect(run.status == 64)
    #expect(run.stderr.hasSuffix("chat: see 'chat verify --help'\n"))
  }

  @Test func helpDescribesVerifyAndItsExitStatuses() throws {
    let help = try verify(["--help"])
    #expect(help.status == 0)
    #expect(help.output.hasPrefix("USAGE: chat verify [--record] DIR\n"))
    #expect(help.output.contains("EXIT STATUS: 0 all match"))
    let top = try BinaryRunner.run(["--help"])
    #expect(top.output.contains("chat verify [--record] DIR"))
  }

  /// The verdicts `chat verify` prints, keyed by case name relative to `root`.
  private func verifyVerdicts(_ root: URL) throws -> [String: Bool] {
    let run = try verify([root.path])
    var verdicts: [String: Bool] = [:]
    for line in run.lines {
      for (head, passed) in [("ok   ", true), ("FAIL ", false)] where line.hasPrefix(head) {
        let path = String(line.dropFirst(head.count))
        let name = path == root.path ? "." : String(path.dropFirst(root.path.count + 1))
        verdicts[name] = passed
      }
    }
    return verdicts
  }

  @Test func theSnapshotSuiteAndVerifyAgreeCaseForCaseOnFixtures() throws {
    let suite = SnapshotTests.verdicts()
    #expect(suite.count == Snapshot.caseNames().count && !suite.isEmpty)
    #expect(try verifyVerdicts(Snapshot.fixtures) == suite)
  }

  /// Both on a copy of `Fixtures/` with a changed, a missing and a CRLF snapshot, a malformed
  /// scenario and a folder of snapshots without one.
  @Test func theSnapshotSuiteAndVerifyAgreeOnBrokenCopies() throws {
    let root = try copyOfCases(Snapshot.caseNames())
    defer { try? FileManager.default.removeItem(at: root) }
    let log = root.appendingPathComponent("one-message/log.txt")
    let crlf = String(decoding: try Data(contentsOf: log), as: UTF8.self)
      .replacingOccurrences(of: "\n", with: "\r\n")
    let edits: [(String, Data?)] = [
      ("commands/line.txt", Data("changed\n".utf8)),
      ("unicode/jsonl.jsonl", nil),
      ("blank-lines/scenario.chat", Data("seed no\n".utf8)),
      ("one-message/log.txt", Data(crlf.utf8)),
      ("orphan/log.txt", Data("no scenario\n".utf8)),
    ]
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent("orphan"), withIntermediateDirectories: true)
    for (path, contents) in edits {
      let url = root.appendingPathComponent(path)
      if let contents {
        try contents.write(to: url)
      } else {
        try FileManager.default.removeItem(at: url)
      }
    }
    let suite = SnapshotTests.verdicts(root: root)
    #expect(suite.count == Snapshot.caseNames().count + 1)
    #expect(
      suite.filter { !$0.value }.keys.sorted() == ["blank-lines", "commands", "orphan", "unicode"])
    #expect(try verifyVerdicts(root) == suite)
  }
}
