import ChatRendering
import ChatScenario
import ChatVerify
import Foundation
import IRCTestRequirements
import Testing

@testable import ChatCommandLine

/// Every case in `Fixtures/` played by every renderer and compared with its snapshot; see
/// `Snapshot` for recording and `SnapshotRenderer` for the renderers.
@Suite(.ownThread, .timeLimit(.minutes(10))) struct SnapshotTests {
  static let scenarioFile = SnapshotRenderer.scenarioFile
  static let cases = Snapshot.caseNames()

  @Test(arguments: cases, SnapshotRenderer.all)
  func caseMatchesSnapshot(name: String, renderer: SnapshotRenderer) throws {
    let output = try Self.render(name, renderer)
    Snapshot.expect(output, matches: "\(name)/\(renderer.file)")
  }

  /// What `renderer` prints for the case `name` under `root`: what the suite compares.
  static func render(
    _ name: String, _ renderer: SnapshotRenderer, root: URL = Snapshot.fixtures
  ) throws -> [UInt8] {
    let path = root.appendingPathComponent(name).appendingPathComponent(scenarioFile).path
    let scenario = try Scenario(contentsOfFile: path)
    return SnapshotRenderer.render(scenario, with: [renderer]) {
      scenario, renderers throws(SinkError) in
      _ = try ChatCommand.play(scenario, renderers: renderers)
    }[0]
  }

  /// Whether the suite passes each case under `root`: every renderer's output matches its
  /// snapshot, compared as `Snapshot.expect` compares. A scenario that cannot be played fails.
  static func verdicts(root: URL = Snapshot.fixtures) -> [String: Bool] {
    var verdicts: [String: Bool] = [:]
    for name in Snapshot.caseNames(in: root) {
      verdicts[name] = SnapshotRenderer.all.allSatisfy { renderer in
        let file = root.appendingPathComponent(name).appendingPathComponent(renderer.file)
        let expected = (try? Data(contentsOf: file)).map { [UInt8]($0) }
        return (try? render(name, renderer, root: root))
          .map { SnapshotComparison.matches(expected, $0) } ?? false
      }
    }
    return verdicts
  }

  /// The cases whose live run exited other than 0 (`IRCFixtureRecordingTests`): a replayed
  /// recording exits as its live run did.
  static let liveStatuses: [String: Int32] = [
    "irc-delivery-failure": 75, "irc-reconnect-unconfirmed": 75,
  ]

  /// The built binary prints exactly the committed JSON-lines snapshot, through a real pipe,
  /// and exits with the status of the run the case was recorded from.
  @Test(arguments: cases)
  func binaryPrintsTheSnapshot(name: String) throws {
    let folder = Snapshot.fixtures.appendingPathComponent(name)
    let run = try PipedRun.chat(
      ["--scenario", folder.appendingPathComponent(Self.scenarioFile).path, "--renderer", "jsonl"])
    #expect(run.status == (Self.liveStatuses[name] ?? 0), "stderr: \(run.stderr)")
    let expected = try Data(contentsOf: folder.appendingPathComponent("jsonl.jsonl"))
    #expect(run.stdout == [UInt8](expected), "Fixtures/\(name)/jsonl.jsonl")
  }

  @Test func thereAreCases() {
    #expect(!Self.cases.isEmpty, "no case folders in \(Snapshot.fixtures.path)")
  }

  @Test func everyFileInFixturesBelongsToACase() {
    let used = Set(
      Self.cases.flatMap { name in
        ([Self.scenarioFile] + SnapshotRenderer.all.map(\.file)).map { "\(name)/\($0)" }
      })
    let files = Snapshot.allFiles()
    let unused = files.filter { !used.contains($0) && !$0.hasSuffix(".new") }
    #expect(unused.isEmpty, "files in Fixtures/ that no case uses: \(unused)")
    let withoutScenario = Self.cases.filter { !files.contains("\($0)/\(Self.scenarioFile)") }
    #expect(withoutScenario.isEmpty, "case folders without \(Self.scenarioFile)")
  }

  @Test func noPendingSnapshotsAreLeft() {
    let pending = Snapshot.allFiles().filter { $0.hasSuffix(".new") }
    #expect(
      pending.isEmpty,
      "pending snapshots in Fixtures/: \(pending); accept each with mv or delete it")
  }
}
