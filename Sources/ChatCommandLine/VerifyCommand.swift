import ChatCore
import ChatRendering
import ChatRuntime
import ChatVerify
import Glibc

/// `chat verify [--record] DIR`: every case folder under DIR played through every renderer and
/// compared with its snapshots, as this repository's snapshot suite does with `Fixtures/`.
///
/// Exit statuses: 0 every snapshot matches (or, recording, was written); 1 a snapshot differs or
/// is missing; 65 a case cannot be played (a malformed or unreadable scenario, a folder with
/// snapshots but no scenario, an unreadable folder), which wins over 1, every other case still
/// checked; 64 a bad command line, `--record` on CI included; 66 DIR missing, unreadable, not a
/// folder or without cases; 73 a snapshot cannot be written; 74 an output error.
enum VerifyCommand {
  /// `chat verify`'s own status, besides those it shares with `chat` (`ExitStatus`): a
  /// snapshot differs or is missing, as a test runner fails.
  static let differsStatus: Int32 = 1

  /// Runs verify with the arguments after `verify`; `ciValue` is the `CI` variable's value.
  static func main(_ arguments: [String], ciValue: String?) -> Int32 {
    let options: VerifyOptions
    do throws(VerifyUsageError) {
      options = try VerifyOptions(parsing: arguments)
      if options.record, ContinuousIntegration.isDetected(ciValue: ciValue) {
        throw .recordingOnCI(ci: ciValue ?? "")
      }
    } catch {
      return ChatCommand.fail(error.description, hint: "see 'chat verify --help'", status: .usage)
    }
    guard let root = options.folder, !options.help else {
      return (write(usage, to: FileSink(descriptor: 1)) == nil ? ExitStatus.success : .outputError)
        .rawValue
    }
    let found: CaseFinder.Found
    do {
      found = try CaseFinder.find(in: root)
    } catch {
      return ChatCommand.fail(error.description, status: .noInput)
    }
    let output = FileSink(descriptor: 1)
    var report = VerifyReport(root: root, records: options.record)
    do {
      for note in found.notes { try output.write(Array("note: \(note)\n".utf8)) }
      guard !found.cases.isEmpty else {
        try output.flush()
        return ChatCommand.fail(
          "no cases under '\(Sanitizer.sanitize(root))': a case is a folder holding"
            + " scenario.chat and its snapshots", status: .noInput)
      }
      let verifier = Verifier(records: options.record) { scenario, renderers throws(SinkError) in
        _ = try ChatCommand.play(scenario, renderers: renderers)
      }
      for folder in found.cases {
        try output.write(Array(report.add(try verifier.check(folder)).utf8))
        try output.flush()
      }
      try output.write(Array("\(report.summary)\n".utf8))
      try output.flush()
    } catch {
      return ChatCommand.fail(error.description, status: ChatCommand.status(for: error))
    }
    if report.summary.unplayable > 0 { return ExitStatus.dataError.rawValue }
    return report.summary.differing > 0 ? differsStatus : ExitStatus.success.rawValue
  }

  private static func write(_ text: String, to sink: FileSink) -> SinkError? {
    do {
      try sink.write(Array(text.utf8))
      try sink.flush()
      return nil
    } catch {
      return error
    }
  }

  static let usage = """
    USAGE: chat verify [--record] DIR

    Snapshot-test a folder of cases. A case is a folder (DIR itself or any folder below it)
    holding scenario.chat and what each renderer prints when it plays: log.txt, jsonl.jsonl,
    line.txt, screen.txt (the full screen's last frame) and notices.txt, as chat's own
    Fixtures/ do. Every case is played on the virtual clock through every renderer and
    compared byte for byte (CRLF read as LF); each difference is shown as a unified diff with
    invisible characters made visible. Nothing is written.

    OPTIONS:
      --record    write the snapshots that are missing or differ, in place, and remove
                  pending *.new files beside them; refused when CI is set (exit 64)
      -h, --help  show this help

    EXIT STATUS: 0 all match (or were recorded), 1 a snapshot differs or is missing,
    64 bad command line or --record on CI, 65 a case cannot be played (malformed scenario,
    snapshots without a scenario; the other cases are still checked), 66 DIR missing,
    unreadable or without cases, 73 a snapshot cannot be written, 74 output error.

    """
}
