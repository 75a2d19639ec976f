import ChatRendering
import ChatScenario
import JSONLinesRenderer
import LineRenderer
import LogRenderer
import ScreenRenderer

/// One snapshot per case folder and renderer: what the renderer shows when the case's
/// `scenario.chat` is played on the virtual clock. A recording (a `scenario.chat` with a
/// `server`) is a case like any other: it replays through the IRC session's engine, by the
/// `Player` the command line hands in (its one wiring of a network run).
public struct SnapshotRenderer: Sendable, CustomStringConvertible {
  /// The snapshot's file name inside a case folder.
  public var file: String
  /// Makes the renderer for a scenario (the line mode reads its width), writing into a sink.
  public var make: @Sendable (Scenario, any TextSink) -> any Renderer

  /// The snapshot's file name, which is how tests and reports name the renderer.
  public var description: String { file }

  /// Every renderer, each with its snapshot file. A new renderer is one more row; recording
  /// (`SNAPSHOT_RECORD=missing swift test`, or `chat verify --record`) then writes its snapshot
  /// for every case.
  public static let all: [SnapshotRenderer] = [
    // A recording shows times in its run's time zone (`utc-offset`); a scenario in UTC.
    SnapshotRenderer(file: "log.txt") { scenario, sink in
      StreamRenderer(
        LogFormatter(utcOffsetSeconds: scenario.utcOffsetSeconds ?? 0), sink: sink)
    },
    SnapshotRenderer(file: "jsonl.jsonl") { _, sink in
      StreamRenderer(JSONLinesFormatter(), sink: sink)
    },
    // The line mode as a terminal of the scenario's width shows it, without colour.
    SnapshotRenderer(file: "line.txt") { scenario, sink in
      StreamRenderer(
        LineFormatter(
          width: scenario.lineWidth,
          utcOffsetSeconds: scenario.utcOffsetSeconds ?? 0), sink: sink)
    },
    // The full screen's last frame on a terminal of the scenario's width and height, as text.
    SnapshotRenderer(file: "screen.txt") { scenario, sink in
      ScreenSnapshotRenderer(
        width: scenario.screenWidth, height: scenario.screenHeight,
        utcOffsetSeconds: scenario.utcOffsetSeconds ?? 0, sink: sink)
    },
    // What piped runs write to standard error: /help's text, unknown commands.
    SnapshotRenderer(file: "notices.txt") { _, sink in
      StreamRenderer(NoticeFormatter(), sink: sink)
    },
  ]

  /// Plays a scenario into renderers: the simulated peer's (`Scenario.play`), or a
  /// recording's replay, which the command line wires (ChatVerify links no session).
  public typealias Player = @Sendable (Scenario, [any Renderer]) throws(SinkError) -> Void

  /// The file a case's input is read from.
  public static let scenarioFile = "scenario.chat"

  /// What each of `renderers` shows when `scenario` plays, in their order. One play feeds them
  /// all: renderers only watch the state, so each prints what it would print alone.
  public static func render(
    _ scenario: Scenario, with renderers: [SnapshotRenderer] = all, player: Player
  ) -> [[UInt8]] {
    let sinks = renderers.map { _ in MemorySink() }
    let made = zip(renderers, sinks).map { renderer, sink in renderer.make(scenario, sink) }
    do {
      try player(scenario, made)
    } catch {
      // Memory sinks never fail; were one to, its output so far is what it shows.
    }
    return sinks.map(\.bytes)
  }
}
