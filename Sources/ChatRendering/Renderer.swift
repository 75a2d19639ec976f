import ChatCore

/// Shows the state somewhere. The runtime calls it after every action, in order.
public protocol Renderer: AnyObject {
  /// Called once before the first action.
  func start(_ state: AppState) throws(SinkError)
  /// Called after every action with the state it produced.
  func render(_ state: AppState) throws(SinkError)
  /// Called for a notice the core asked to show.
  func show(_ notice: Notice, in state: AppState) throws(SinkError)
  /// Called whenever the loop is about to wait: output must reach its reader now.
  func flush() throws(SinkError)
  /// Called once after the last action.
  func finish(_ state: AppState) throws(SinkError)
  /// Called when the user pressed a key of the full screen's view (PgUp, a list's toggle) in
  /// `state`; every renderer but the full screen ignores it (the default). Returns what the
  /// key came to: `.reachedOldest` makes the runtime tell the core (`scrolledPastOldest`).
  func press(_ key: ScreenKey, in state: AppState) throws(SinkError) -> ScreenKey.Outcome
}

extension Renderer {
  /// Ignores the key: only the full screen has a view to change.
  public func press(_ key: ScreenKey, in state: AppState) throws(SinkError) -> ScreenKey.Outcome {
    .done
  }
}

/// A renderer made of a pure formatter and a sink: the shape of every piped renderer.
///
/// Not generic over the formatter: a generic class across modules looked up its metadata on
/// every call, which cost more than the existential's dynamic dispatch.
public final class StreamRenderer: Renderer {
  /// Everything that changes per render, in one stored property: a class pays a dynamic
  /// exclusivity check per property access, and this is on the per-message path.
  private struct Pipeline {
    var formatter: any TranscriptFormatter
    var tracker = ChangeTracker()
    var buffer: [UInt8] = []

    /// Formats what changed; returns whether there is output.
    mutating func render(_ state: AppState) -> Bool {
      let changes = tracker.changes(in: state)
      guard !changes.isEmpty else { return false }
      formatter.format(changes, in: state, into: &buffer)
      return !buffer.isEmpty
    }

    mutating func start(_ state: AppState) {
      _ = tracker.changes(in: state)
      formatter.formatStart(state, into: &buffer)
    }

    mutating func show(_ notice: Notice, in state: AppState) {
      formatter.format(notice, in: state, into: &buffer)
    }

    mutating func finish(_ state: AppState) {
      _ = render(state)
      formatter.formatEnd(state, into: &buffer)
    }

    /// Hands the output to `sink` and empties the buffer.
    mutating func emit(to sink: any TextSink) throws(SinkError) {
      guard !buffer.isEmpty else { return }
      defer { buffer.removeAll(keepingCapacity: true) }
      try sink.write(buffer)
    }
  }

  // Unchecked: only the loop's thread touches a renderer, and no access to `pipeline` calls
  // back into this renderer (a sink is handed bytes, never the renderer), so the dynamic
  // check, paid several times per message, could never fire.
  @exclusivity(unchecked) private var pipeline: Pipeline
  private let sink: any TextSink

  /// Creates a renderer writing what `formatter` makes to `sink`.
  public init(_ formatter: some TranscriptFormatter, sink: any TextSink) {
    pipeline = Pipeline(formatter: formatter)
    self.sink = sink
  }

  public func start(_ state: AppState) throws(SinkError) {
    pipeline.start(state)
    try pipeline.emit(to: sink)
  }

  public func render(_ state: AppState) throws(SinkError) {
    // Formatted straight into the sink: the per-message path, where copying each render's
    // bytes from a buffer of our own and emptying it cost more than a tenth of formatting.
    let changes = pipeline.tracker.changes(in: state)
    guard !changes.isEmpty else { return }
    try sink.write { bytes in pipeline.formatter.format(changes, in: state, into: &bytes) }
  }

  public func show(_ notice: Notice, in state: AppState) throws(SinkError) {
    pipeline.show(notice, in: state)
    try pipeline.emit(to: sink)
  }

  public func flush() throws(SinkError) { try sink.flush() }

  public func finish(_ state: AppState) throws(SinkError) {
    pipeline.finish(state)
    try pipeline.emit(to: sink)
    try sink.flush()
  }
}
