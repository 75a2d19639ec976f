import Foundation
import Testing

/// What a live run ended with, compared with its recording's replay through the built binary.
struct ReplayedEnding {
  let status: Int32
  let stdout: String
  let stderr: String

  /// Replays `recording` (`chat --scenario FILE --renderer jsonl`) and expects the exit
  /// status, standard output and standard error of the live run.
  @discardableResult
  func expectReplay(
    of recording: String, environment: [String: String],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> BinaryRunner.Result {
    let replay = try BinaryRunner.run(
      ["--scenario", recording, "--renderer", "jsonl"], environment: environment)
    let recorded = (try? String(contentsOfFile: recording, encoding: .utf8)) ?? ""
    #expect(
      replay.status == status, "live exited \(status), the replay \(replay.status): \(recorded)",
      sourceLocation: sourceLocation)
    #expect(replay.output == stdout, "the recording:\n\(recorded)", sourceLocation: sourceLocation)
    #expect(
      replay.stderr == stderr, "live said:\n\(stderr)\nthe recording:\n\(recorded)",
      sourceLocation: sourceLocation)
    return replay
  }
}

extension RunningChat {
  /// How it ended, once it has (nil status: still running).
  var ending: ReplayedEnding {
    ReplayedEnding(status: exitStatus ?? -1, stdout: stdout, stderr: stderr)
  }
}

extension BinaryRunner.Result {
  /// How it ended.
  var ending: ReplayedEnding { ReplayedEnding(status: status, stdout: output, stderr: stderr) }
}
