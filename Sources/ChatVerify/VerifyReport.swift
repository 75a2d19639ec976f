import ChatRendering

/// The text `chat verify` prints: one line per case, the details of each failure (a unified
/// diff for a changed snapshot), notes, and a summary. Every path is sanitised.
public struct VerifyReport: Sendable {
  /// The folder being verified, as the user named it: hints repeat it.
  public var root: String
  /// Whether the run records.
  public var records: Bool
  /// The counts so far.
  public private(set) var summary = VerifySummary()

  /// Creates an empty report.
  public init(root: String, records: Bool) {
    self.root = root
    self.records = records
  }

  /// The lines for one case, counted into the summary.
  public mutating func add(_ result: CaseResult) -> String {
    summary.add(result)
    let name = shown(result.folder.path)
    let renders: [CaseResult.Render]
    switch result.outcome {
    case .unplayable(let error):
      return "FAIL \(name)\n\(error)\n"
    case .noScenario:
      let holds = result.folder.files.map(shown).joined(separator: ", ")
      return "FAIL \(name)\n\(shown(result.folder.path(of: SnapshotRenderer.scenarioFile))):"
        + " missing: a case folder needs one (this one holds \(holds))\n"
    case .unreadableFolder(let reason):
      return "FAIL \(name)\n\(name): cannot read the folder: \(reason)\n"
    case .played(let played): renders = played
    }
    var details = ""
    for render in renders {
      let path = shown(result.folder.path(of: render.file))
      switch render.status {
      case .matches: continue
      case .recorded:
        details += "wrote \(path) (\(render.expected == nil ? "new" : "changed"))\n"
      case .missing:
        details += "\(path): missing; 'chat verify --record \(shown(root))' writes it\n"
      case .unreadable(let reason):
        details += "\(path): cannot read: \(reason)\n"
      case .differs:
        let expected = render.expected ?? []
        let line = SnapshotComparison.firstDifference(expected: expected, actual: render.actual)
        details += "\(path):\(line ?? 1): differs from what the renderer prints\n"
        details += SnapshotComparison.diff(
          expected: expected, actual: render.actual, name: result.folder.path(of: render.file))
      }
    }
    for removed in result.removed { details += "removed \(shown(removed))\n" }
    if !records {
      for pending in result.folder.pendingFiles {
        details +=
          "note: \(shown(result.folder.path(of: pending))): a pending snapshot from a"
          + " test run; accept it with mv, or delete it\n"
      }
    }
    for unused in result.folder.unusedFiles {
      details += "note: \(shown(result.folder.path(of: unused))): no renderer writes this file\n"
    }
    // A recorded case passes: its snapshots now hold what its renderers print.
    let head = result.passed ? "ok  " : "FAIL"
    return "\(head) \(name)\n" + details
  }
}

/// What a verify run counted, and its one-line summary.
public struct VerifySummary: Equatable, Sendable, CustomStringConvertible {
  /// Case folders looked at.
  public var cases = 0
  /// Snapshots compared (every renderer of every case that played).
  public var renders = 0
  /// Snapshots that differ from what their renderer prints, the missing ones included.
  public var differing = 0
  /// Of those, snapshots that do not exist.
  public var missing = 0
  /// Snapshots written by recording.
  public var recorded = 0
  /// Cases that could not be played: a malformed or unreadable scenario, none at all, or an
  /// unreadable folder.
  public var unplayable = 0

  /// Creates a summary with these counts.
  public init(
    cases: Int = 0, renders: Int = 0, differing: Int = 0, missing: Int = 0, recorded: Int = 0,
    unplayable: Int = 0
  ) {
    self.cases = cases
    self.renders = renders
    self.differing = differing
    self.missing = missing
    self.recorded = recorded
    self.unplayable = unplayable
  }

  /// Counts `result` in.
  public mutating func add(_ result: CaseResult) {
    cases += 1
    guard case .played(let renders) = result.outcome else {
      unplayable += 1
      return
    }
    self.renders += renders.count
    for render in renders {
      switch render.status {
      case .matches: break
      case .recorded: recorded += 1
      case .missing:
        differing += 1
        missing += 1
      case .differs, .unreadable: differing += 1
      }
    }
  }

  /// `23 cases, 92 renders: all match`, or what differs, was written or could not be played.
  public var description: String {
    var text = "\(count(cases, "case")), \(count(renders, "render")): "
    if differing > 0 {
      text += "\(differing) \(differing == 1 ? "differs" : "differ")"
      if missing > 0 { text += " (\(missing) missing)" }
    } else if recorded > 0 {
      text += "\(recorded) recorded"
    } else {
      text += "all match"
    }
    if unplayable > 0 {
      text += "; \(count(unplayable, "case")) cannot be played"
    }
    return text
  }

  private func count(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
  }
}
