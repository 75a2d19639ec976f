import ChatRendering
import ChatRuntime
import ChatScenario

/// Plays case folders through every renderer and compares, or records, their snapshots.
public struct Verifier: Sendable {
  /// Whether missing and differing snapshots are written (in place) instead of reported.
  public var records: Bool

  /// Plays each case's scenario (a recording through the command line's wiring).
  public var player: SnapshotRenderer.Player

  /// Creates a verifier playing with `player`; it records when `records` is true.
  public init(records: Bool, player: @escaping SnapshotRenderer.Player) {
    self.records = records
    self.player = player
  }

  /// Checks one case folder. Only recording writes anything, and only then can it fail: with
  /// the error of the snapshot that could not be written.
  public func check(_ folder: CaseFolder) throws(SinkError) -> CaseResult {
    if let reason = folder.unreadable {
      return CaseResult(folder: folder, outcome: .unreadableFolder(reason: reason))
    }
    guard folder.hasScenario else { return CaseResult(folder: folder, outcome: .noScenario) }
    let scenario: Scenario
    do {
      scenario = try Scenario(contentsOfFile: folder.path(of: SnapshotRenderer.scenarioFile))
    } catch {
      return CaseResult(folder: folder, outcome: .unplayable(error))
    }
    let outputs = SnapshotRenderer.render(scenario, player: player)
    var renders: [CaseResult.Render] = []
    var removed: [String] = []
    for (renderer, actual) in zip(SnapshotRenderer.all, outputs) {
      let path = folder.path(of: renderer.file)
      var render = CaseResult.Render(
        file: renderer.file, status: .matches, actual: actual, expected: nil)
      switch FileSystem.contents(of: path) {
      case .failure(let failure):
        render.status = .unreadable(reason: failure.description)
      case .success(let expected):
        render.expected = expected
        if !SnapshotComparison.matches(expected, actual) {
          render.status = expected == nil ? .missing : .differs
        }
      }
      if records, render.status != .matches {
        try write(actual, to: path)
        render.status = .recorded
      }
      if records, folder.files.contains(renderer.file + ".new") {
        // The snapshot now holds what the renderer prints, so a pending one is stale.
        let pending = path + ".new"
        if FileSystem.remove(pending) { removed.append(pending) }
      }
      renders.append(render)
    }
    return CaseResult(folder: folder, outcome: .played(renders), removed: removed)
  }

  /// Writes in place, through a link if the snapshot is one, as a hand edit would.
  private func write(_ bytes: [UInt8], to path: String) throws(SinkError) {
    let sink = try FileSink.create(path: path, writesThrough: false)
    try sink.write(bytes)
    try sink.flush()
  }
}
