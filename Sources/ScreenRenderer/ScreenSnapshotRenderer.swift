import ChatCore
import ChatRendering

/// The full-screen renderer as a snapshot: the last screen of a run on a terminal of
/// `width` × `height`, as text (one line per row, trailing blanks trimmed), written when the
/// run finishes. What `screen.txt` holds in every case folder; no terminal, no colour.
public final class ScreenSnapshotRenderer: Renderer {
  private var model: ScreenModel
  private let width: Int
  private let height: Int
  private let sink: any TextSink

  /// Creates a renderer for a terminal of `width` × `height` writing to `sink`.
  public init(width: Int, height: Int, utcOffsetSeconds: Int64, sink: any TextSink) {
    model = ScreenModel(color: false, utcOffsetSeconds: utcOffsetSeconds)
    self.width = width
    self.height = height
    self.sink = sink
  }

  public func start(_ state: AppState) throws(SinkError) { model.start(state) }

  public func render(_ state: AppState) throws(SinkError) { model.note(state) }

  public func show(_ notice: Notice, in state: AppState) throws(SinkError) {
    model.note(state)
    model.show(notice, in: state)
  }

  public func flush() throws(SinkError) {}

  public func press(_ key: ScreenKey, in state: AppState) throws(SinkError) -> ScreenKey.Outcome {
    model.note(state)
    return model.press(key, in: state, width: width, height: height)
  }

  public func finish(_ state: AppState) throws(SinkError) {
    model.note(state)
    let (grid, _) = model.paint(state, width: width, height: height)
    try sink.write(Array(grid.text.utf8))
    try sink.flush()
  }
}
