import ChatRendering
import ChatScenario
import JSONLinesRenderer
import LogRenderer
import ReadlineRenderer
import Testing

/// One snapshot per case folder and renderer: what the renderer shows when the case's
/// `scenario.chat` is played on the virtual clock.
struct SnapshotRenderer: Sendable, CustomTestStringConvertible {
  /// The snapshot's file name inside a case folder.
  var file: String
  /// Makes the renderer for a scenario (the line mode reads its width), writing into a sink.
  var make: @Sendable (Scenario, any TextSink) -> any Renderer

  var testDescription: String { file }

  /// Every renderer, each with its snapshot file. A new renderer is one more row; recording
  /// with SNAPSHOT_RECORD=missing then writes its snapshot for every case.
  static let all: [SnapshotRenderer] = [
    SnapshotRenderer(file: "log.txt") { _, sink in StreamRenderer(LogFormatter(), sink: sink) },
    SnapshotRenderer(file: "jsonl.jsonl") { _, sink in
      StreamRenderer(JSONLinesFormatter(), sink: sink)
    },
    // The line mode as a terminal of the scenario's width shows it, without colour.
    SnapshotRenderer(file: "line.txt") { scenario, sink in
      StreamRenderer(LineFormatter(width: scenario.width ?? Scenario.defaultWidth), sink: sink)
    },
    // What piped runs write to standard error: /help's text, unknown commands.
    SnapshotRenderer(file: "notices.txt") { _, sink in
      StreamRenderer(NoticeFormatter(), sink: sink)
    },
  ]
}
