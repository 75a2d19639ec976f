import ChatRendering
import ChatScenario
import Foundation
import JSONLinesRenderer
import LogRenderer
import Testing

/// One snapshot per case folder and renderer: what the renderer shows when the case's
/// `scenario.chat` is played on the virtual clock.
struct SnapshotRenderer: Sendable, CustomTestStringConvertible {
  /// The snapshot's file name inside a case folder.
  var file: String
  /// Makes the renderer for a scenario (the line mode reads its width), writing into a sink.
  var make: @Sendable (Scenario, any TextSink) -> any Renderer

  var testDescription: String { file }

  /// Every renderer, each with its snapshot file. A new renderer is one more row; recording
  /// with SNAPSHOT_RECORD=missing then writes its snapshot for every case.
  static let all: [SnapshotRenderer] = [
    SnapshotRenderer(file: "log.txt") { _, sink in StreamRenderer(LogFormatter(), sink: sink) },
    SnapshotRenderer(file: "jsonl.jsonl") { _, sink in
      StreamRenderer(JSONLinesFormatter(), sink: sink)
    },
    // What piped runs write to standard error: /help's text, unknown commands.
    SnapshotRenderer(file: "notices.txt") { _, sink in
      StreamRenderer(NoticeFormatter(), sink: sink)
    },
  ]
}

@Suite struct SnapshotTests {
  static let scenarioFile = "scenario.chat"
  static let cases = Snapshot.caseNames()

  @Test(arguments: cases, SnapshotRenderer.all)
  func caseMatchesSnapshot(name: String, renderer: SnapshotRenderer) throws {
    let path = Snapshot.fixtures.appendingPathComponent(name)
      .appendingPathComponent(Self.scenarioFile).path
    let scenario = try Scenario(contentsOfFile: path)
    let sink = MemorySink()
    _ = try scenario.play(renderers: [renderer.make(scenario, sink)])
    Snapshot.expect(sink.bytes, matches: "\(name)/\(renderer.file)")
  }

  /// The built binary prints exactly the committed JSON-lines snapshot, through a real pipe.
  @Test(arguments: cases)
  func binaryPrintsTheSnapshot(name: String) throws {
    let folder = Snapshot.fixtures.appendingPathComponent(name)
    let run = try PipedRun.chat(
      ["--scenario", folder.appendingPathComponent(Self.scenarioFile).path, "--renderer", "jsonl"])
    #expect(run.status == 0, "stderr: \(run.stderr)")
    let expected = try Data(contentsOf: folder.appendingPathComponent("jsonl.jsonl"))
    #expect(run.stdout == [UInt8](expected), "Fixtures/\(name)/jsonl.jsonl")
  }

  @Test func thereAreCases() {
    #expect(Self.cases.count >= 14, "Fixtures/ holds \(Self.cases.count) cases")
  }

  @Test func everyFileInFixturesBelongsToACase() {
    let used = Set(
      Self.cases.flatMap { name in
        ([Self.scenarioFile] + SnapshotRenderer.all.map(\.file)).map { "\(name)/\($0)" }
      })
    let unused = Snapshot.allFiles().filter { !used.contains($0) && !$0.hasSuffix(".new") }
    #expect(unused.isEmpty, "files in Fixtures/ that no case uses: \(unused)")
    let withoutScenario = Self.cases.filter { !Snapshot.allFiles().contains("\($0)/scenario.chat") }
    #expect(withoutScenario.isEmpty, "case folders without \(Self.scenarioFile)")
  }

  @Test func noPendingSnapshotsAreLeft() {
    let pending = Snapshot.allFiles().filter { $0.hasSuffix(".new") }
    #expect(
      pending.isEmpty,
      "pending snapshots in Fixtures/: \(pending); accept each with mv or delete it")
  }
}
