import ChatVerify
import Foundation
import Testing

/// Golden files under `Fixtures/`: comparing output with them, and recording them.
///
/// Recording is controlled by `SNAPSHOT_RECORD`: `missing` writes snapshots that do not exist
/// yet, `failed` also overwrites those that differ, `all` rewrites every one, `never` writes
/// none. The default is `never` when `CI` is set and `missing` otherwise. Writing a snapshot
/// always fails the test ("recorded …, re-run to verify") so that a human looks at it.
///
/// A mismatch that is not recorded fails with the snapshot's path and a unified diff; the
/// actual output is attached to the test and, outside CI, written beside the snapshot as
/// `<name>.new`, so accepting it is one `mv` (a hygiene test fails while such files remain).
enum Snapshot {
  enum RecordMode: String, CaseIterable {
    case missing
    case failed
    case all
    case never
  }

  /// The package root: three levels up from this file.
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// Where the cases live: one folder per case.
  static let fixtures = packageRoot.appendingPathComponent("Fixtures")

  private static let environment = ProcessInfo.processInfo.environment
  private static var isCI: Bool { ContinuousIntegration.isDetected(ciValue: environment["CI"]) }

  /// The mode asked for by `SNAPSHOT_RECORD`, or nil (and an issue) for an unknown value.
  static func recordMode(sourceLocation: SourceLocation = #_sourceLocation) -> RecordMode? {
    guard let value = environment["SNAPSHOT_RECORD"], !value.isEmpty else {
      return isCI ? .never : .missing
    }
    guard let mode = RecordMode(rawValue: value) else {
      let modes = RecordMode.allCases.map(\.rawValue).joined(separator: ", ")
      Issue.record(
        "SNAPSHOT_RECORD=\(value) is not one of \(modes)", sourceLocation: sourceLocation)
      return nil
    }
    return mode
  }

  /// The case folders' paths relative to `Fixtures/`, sorted, found as `chat verify` finds
  /// them (at any depth), so that the two always check the same cases.
  static func caseNames(in root: URL = fixtures) -> [String] {
    ((try? CaseFinder.find(in: root.path))?.cases ?? []).map(\.name)
  }

  /// Every file under `Fixtures/`, as paths relative to it.
  static func allFiles() -> [String] {
    let enumerator = FileManager.default.enumerator(atPath: fixtures.path)
    var files: [String] = []
    while let path = enumerator?.nextObject() as? String {
      if !isDirectory(fixtures.appendingPathComponent(path)) { files.append(path) }
    }
    return files.sorted()
  }

  /// Compares `actual` with the snapshot at `Fixtures/<relativePath>`, recording it as the
  /// mode says. Line ends are normalised (CRLF to LF) on both sides; a lone CR stays.
  static func expect(
    _ actual: [UInt8], matches relativePath: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard let mode = recordMode(sourceLocation: sourceLocation) else { return }
    let url = fixtures.appendingPathComponent(relativePath)
    let pending = url.appendingPathExtension("new")
    let shown = "Fixtures/\(relativePath)"
    let expected = (try? Data(contentsOf: url)).map { [UInt8]($0) }
    if mode != .all, SnapshotComparison.matches(expected, actual) { return }

    let record =
      switch mode {
      case .all, .failed: true
      case .missing: expected == nil
      case .never: false
      }
    if record {
      do {
        try Data(actual).write(to: url)
        try? FileManager.default.removeItem(at: pending)
        let message =
          "recorded \(shown) (SNAPSHOT_RECORD=\(mode.rawValue)); review it with"
          + " 'git diff Fixtures/' and re-run to verify"
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
      } catch {
        Issue.record("cannot record \(shown): \(error)", sourceLocation: sourceLocation)
      }
      return
    }

    Attachment.record(actual, named: url.lastPathComponent, sourceLocation: sourceLocation)
    var accept = "record it with SNAPSHOT_RECORD=failed swift test"
    if !isCI, (try? Data(actual).write(to: pending)) != nil {
      accept = "accept it with 'mv Fixtures/\(relativePath).new \(shown)', or " + accept
    }
    guard let expected else {
      Issue.record("missing snapshot \(shown); \(accept)", sourceLocation: sourceLocation)
      return
    }
    let diff = SnapshotComparison.diff(expected: expected, actual: actual, name: shown)
    Issue.record(
      "snapshot \(shown) does not match; \(accept)\n\(diff)", sourceLocation: sourceLocation)
  }

  private static func isDirectory(_ url: URL) -> Bool {
    var directory: ObjCBool = false
    return FileManager.default.fileExists(atPath: url.path, isDirectory: &directory)
      && directory.boolValue
  }
}
