import ChatCore
import ChatRendering
import ChatRuntime
import ChatScenario
import JSONLinesRenderer
import LogRenderer

extension ChatCommand {
  /// `chat --scenario FILE`: plays FILE on the virtual clock. Standard output gets exactly
  /// what the chosen renderer's snapshot of FILE holds; notices go to standard error. A
  /// recording exits as its live run did (`exitStatus(of:)`, or 128+N after a signal).
  static func playScenario(at path: String, _ options: Options) -> Int32 {
    let scenario: Scenario
    do {
      scenario = try Scenario(contentsOfFile: path)
    } catch {
      return fail(error.description, status: status(for: error))
    }
    do {
      let kind = options.renderer ?? .log
      // A recording shows times in the recorded run's time zone, as it did live.
      let utcOffset = scenario.utcOffsetSeconds ?? 0
      var renderers = [
        renderer(
          kind, utcOffset: utcOffset,
          width: kind == .screen ? scenario.screenWidth : scenario.lineWidth,
          height: scenario.screenHeight, sink: FileSink(descriptor: 1))
      ]
      // The line format shows notices in the transcript itself; the others send them to stderr.
      if kind != .line {
        renderers.append(StreamRenderer(NoticeFormatter(), sink: FileSink(descriptor: 2)))
      }
      renderers += try fileRenderers(options, utcOffset: utcOffset)
      let ending = try play(scenario, renderers: renderers)
      switch ending.outcome {
      case .completed:
        // A recording exits as its live run did, for the reasons the replay found again.
        return exitStatus(of: ending.state)
      case .terminated(let signal): return ExitStatus.signalBase + signal
      case .failed(let error): return fail(error.description, status: .systemError)
      }
    } catch {
      return fail(error.description, status: status(for: error))
    }
  }

  /// The exit status for a scenario that cannot be played (sysexits).
  static func status(for error: ScenarioError) -> ExitStatus {
    switch error {
    case .malformed: .dataError
    case .missingFile, .unreadableFile: .noInput
    }
  }

  /// `--record FILE`: a recorder that writes to FILE what the user does, headed by the run's
  /// settings (the terminal's `width` in line mode and the full screen, its `height` in the
  /// full screen) so that `--scenario FILE` reproduces the conversation, in the line format
  /// and on a screen of the same size too; it watches the runtime's loop. On a network run the loop also relays what the session's link did into the same
  /// file: a recording.
  static func recorder(
    path: String, clock: any Clock, seed: UInt64,
    options: Options, width: Int? = nil, height: Int? = nil, network: NetworkRun? = nil,
    utcOffset: Int64 = 0
  ) throws(SinkError) -> ScenarioRecorder {
    let start = clock.now
    var settings: Scenario
    let comment: String
    if let network {
      // The header is the run's connection profile (its nick and seed as `name`, `seed`).
      settings = Scenario(
        seed: network.profile.seed, name: network.profile.nick, width: width,
        network: network.profile, start: start, utcOffsetSeconds: utcOffset)
      comment =
        "Recorded with chat --record: what the server sent (<), what chat wrote (>, for the"
        + " reader), the connection, and what you typed (|).\nPlay it back: chat --scenario"
        + " <this file>"
    } else {
      settings = Scenario(
        seed: seed, name: options.name, peer: options.peer, width: width, faults: options.faults,
        burst: options.burst)
      comment = "Recorded with chat --record. Play it back: chat --scenario <this file>"
    }
    settings.height = height
    // The line format on a pipe (no terminal's width) is not wrapped: nor is its replay.
    settings.isUnwrapped = width == nil && options.renderer == .line
    return try ScenarioRecorder(
      start: start, settings: settings, comment: comment, sink: FileSink.creatingNew(path: path))
  }
}
