import ChatScenario

/// What checking one case folder found.
public struct CaseResult: Equatable, Sendable {
  /// The folder checked.
  public var folder: CaseFolder
  /// What happened to it.
  public var outcome: Outcome
  /// Pending snapshots (`*.new`) that recording removed, as paths.
  public var removed: [String] = []

  /// Creates a result.
  public init(folder: CaseFolder, outcome: Outcome, removed: [String] = []) {
    self.folder = folder
    self.outcome = outcome
    self.removed = removed
  }

  /// Whether the case was played, or why not.
  public enum Outcome: Equatable, Sendable {
    /// The scenario played; one result per renderer, in `SnapshotRenderer.all` order.
    case played([Render])
    /// The scenario is malformed or unreadable.
    case unplayable(ScenarioError)
    /// The folder holds snapshots but no `scenario.chat`.
    case noScenario
    /// The folder cannot be listed.
    case unreadableFolder(reason: String)
  }

  /// One renderer's output compared with its snapshot.
  public struct Render: Equatable, Sendable {
    /// The snapshot's file name.
    public var file: String
    /// What the comparison found.
    public var status: Status
    /// What the renderer printed.
    public var actual: [UInt8]
    /// The snapshot as it was before the run, nil if there was none.
    public var expected: [UInt8]?

    /// Creates a render result.
    public init(file: String, status: Status, actual: [UInt8], expected: [UInt8]?) {
      self.file = file
      self.status = status
      self.actual = actual
      self.expected = expected
    }
  }

  /// How a snapshot compared.
  public enum Status: Equatable, Sendable {
    /// It holds what the renderer printed.
    case matches
    /// It differs.
    case differs
    /// There is none.
    case missing
    /// It was missing or different, and recording wrote it.
    case recorded
    /// It exists but cannot be read.
    case unreadable(reason: String)
  }

  /// Whether everything in the case matched (or was recorded).
  public var passed: Bool {
    guard case .played(let renders) = outcome else { return false }
    return renders.allSatisfy { $0.status == .matches || $0.status == .recorded }
  }
}
