import ChatVerify
import Foundation
import Testing

/// How `chat verify` finds case folders: at any depth, the root included, reporting what it
/// leaves alone.
@Suite(.timeLimit(.minutes(10))) struct CaseFinderTests {
  /// A fresh folder under the temporary directory, removed by `defer` in each test.
  private func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("chat-verify-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  private func touch(_ root: URL, _ path: String) throws {
    let url = root.appendingPathComponent(path)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data("0ms | hi\n".utf8).write(to: url)
  }

  @Test func casesAreFoundAtAnyDepthTheRootIncluded() throws {
    let root = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    for path in [
      "scenario.chat", "b/scenario.chat", "a/deep/er/scenario.chat", "a/deep/er/log.txt",
      "a-c/scenario.chat", "plain/readme.md",
    ] {
      try touch(root, path)
    }
    let found = try CaseFinder.find(in: root.path)
    #expect(found.cases.map(\.name) == [".", "a-c", "a/deep/er", "b"])
    #expect(
      found.cases.map(\.path) == [root.path, root.path + "/a-c"] + [
        root.path + "/a/deep/er", root.path + "/b",
      ])
    #expect(found.cases[2].files == ["log.txt", "scenario.chat"])
    #expect(found.notes.isEmpty)
  }

  @Test func aFolderWithSnapshotsButNoScenarioIsACaseThatCannotPlay() throws {
    let root = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    try touch(root, "lost/line.txt")
    try touch(root, "pending/notices.txt.new")
    let found = try CaseFinder.find(in: root.path)
    #expect(found.cases.map(\.name) == ["lost", "pending"])
    #expect(found.cases.allSatisfy { !$0.hasScenario })
    #expect(found.cases[1].pendingFiles == ["notices.txt.new"])
  }

  @Test func hiddenFoldersAreSkippedAndLinksToFoldersNoted() throws {
    let root = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    try touch(root, ".git/scenario.chat")
    try touch(root, "real/scenario.chat")
    try FileManager.default.createSymbolicLink(
      atPath: root.appendingPathComponent("loop").path, withDestinationPath: root.path)
    let found = try CaseFinder.find(in: root.path)
    #expect(found.cases.map(\.name) == ["real"])
    #expect(found.notes == ["'\(root.path)/loop' left alone: a link to a folder is not followed"])
  }

  @Test func hostileNamesAreSanitisedInNotesAndFailures() throws {
    let root = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    let hostile = root.appendingPathComponent("x\u{1B}]52;c;bad\u{7}").path
    #expect(throws: CaseFinder.Failure.missing(path: hostile)) {
      try CaseFinder.find(in: hostile)
    }
    let message = CaseFinder.Failure.missing(path: hostile).description
    #expect(!message.contains("\u{1B}"))
    #expect(message.hasSuffix("x␛]52;c;bad␇': no such folder"))
  }

  @Test func aFileIsNotAFolder() throws {
    let root = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    try touch(root, "scenario.chat")
    let file = root.appendingPathComponent("scenario.chat").path
    #expect(throws: CaseFinder.Failure.notAFolder(path: file)) { try CaseFinder.find(in: file) }
  }
}
