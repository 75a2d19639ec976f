import ChatCore
import ChatRendering
import ChatRuntime
import ChatScenario
import JSONLinesRenderer
import LogRenderer

extension ChatCommand {
  /// `chat --scenario FILE`: plays FILE on the virtual clock. Standard output gets exactly
  /// what the chosen renderer's snapshot of FILE holds; notices go to standard error.
  static func playScenario(at path: String, _ options: Options) -> Int32 {
    let scenario: Scenario
    do {
      scenario = try Scenario(contentsOfFile: path)
    } catch {
      return fail(error.description, status: status(for: error))
    }
    do {
      let kind = options.renderer ?? .log
      let width = scenario.width ?? Scenario.defaultWidth
      var renderers = [renderer(kind, utcOffset: 0, width: width, sink: FileSink(descriptor: 1))]
      // The line format shows notices in the transcript itself; the others send them to stderr.
      if kind != .line {
        renderers.append(StreamRenderer(NoticeFormatter(), sink: FileSink(descriptor: 2)))
      }
      if let path = options.logFile {
        renderers.append(renderer(.log, utcOffset: 0, sink: try FileSink.create(path: path)))
      }
      if let path = options.jsonlFile {
        renderers.append(renderer(.jsonl, utcOffset: 0, sink: try FileSink.create(path: path)))
      }
      _ = try scenario.play(renderers: renderers)
      return 0
    } catch {
      return fail(error.description, status: status(for: error))
    }
  }

  /// The exit status for a scenario that cannot be played (sysexits).
  static func status(for error: ScenarioError) -> Int32 {
    switch error {
    case .malformed: 65  // EX_DATAERR
    case .missingFile, .unreadableFile: 66  // EX_NOINPUT
    }
  }

  /// `--record FILE`: wraps `input` so that what the user does is written to FILE, headed by
  /// the run's settings so that `--scenario FILE` reproduces the conversation.
  static func recorder(
    wrapping input: any ChatRuntime.Input, path: String, clock: any Clock, seed: UInt64,
    options: Options, width: Int? = nil
  ) throws(SinkError) -> RecordingInput {
    try RecordingInput(
      wrapping: input, start: clock.now,
      settings: Scenario(
        seed: seed, name: options.name, peer: options.peer, width: width, faults: options.faults,
        burst: options.burst),
      comment: "Recorded with chat --record. Play it back: chat --scenario <this file>",
      sink: FileSink.create(path: path))
  }
}
