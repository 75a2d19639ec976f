/// A folder `chat verify` checks: one that holds a `scenario.chat`, or any file named like a
/// snapshot (so that a case whose scenario went missing is reported, not skipped).
public struct CaseFolder: Equatable, Sendable {
  /// The folder's path relative to the verified folder, `.` for that folder itself.
  public var name: String
  /// The folder's path as the user named it: the verified folder's path joined with `name`.
  public var path: String
  /// The names of the files (and links to files) in the folder, sorted.
  public var files: [String]
  /// Why the folder could not be read, if it could not.
  public var unreadable: String?

  /// Creates a case folder.
  public init(name: String, path: String, files: [String], unreadable: String? = nil) {
    self.name = name
    self.path = path
    self.files = files
    self.unreadable = unreadable
  }

  /// Whether the folder holds the scenario a case plays.
  public var hasScenario: Bool { files.contains(SnapshotRenderer.scenarioFile) }

  /// The path of `file` inside the folder.
  public func path(of file: String) -> String { FileSystem.join(path, file) }

  /// Snapshots a test run left beside the real ones (`log.txt.new`): output not yet accepted.
  public var pendingFiles: [String] {
    let pending = Set(SnapshotRenderer.all.map { $0.file + ".new" })
    return files.filter(pending.contains)
  }

  /// Files that neither the scenario, a renderer nor a pending snapshot explains: orphans
  /// left behind by a renamed renderer, say.
  public var unusedFiles: [String] {
    let known = Set(
      [SnapshotRenderer.scenarioFile]
        + SnapshotRenderer.all.flatMap { [$0.file, $0.file + ".new"] }
    )
    return files.filter { !known.contains($0) }
  }

  /// Whether `files` make a folder a case.
  static func isCase(_ files: [String]) -> Bool {
    let marks = Set(
      [SnapshotRenderer.scenarioFile]
        + SnapshotRenderer.all.flatMap { [$0.file, $0.file + ".new"] }
    )
    return files.contains(where: marks.contains)
  }
}
