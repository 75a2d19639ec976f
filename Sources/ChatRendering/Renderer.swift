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
}

/// A renderer made of a pure formatter and a sink: the shape of every piped renderer.
public final class StreamRenderer<Formatter: TranscriptFormatter>: Renderer {
  private var formatter: Formatter
  private let sink: any TextSink
  private var tracker = ChangeTracker()
  private var buffer: [UInt8] = []

  /// Creates a renderer writing what `formatter` makes to `sink`.
  public init(_ formatter: Formatter, sink: any TextSink) {
    self.formatter = formatter
    self.sink = sink
  }

  public func start(_ state: AppState) throws(SinkError) {
    _ = tracker.changes(in: state)
    formatter.formatStart(state, into: &buffer)
    try emit()
  }

  public func render(_ state: AppState) throws(SinkError) {
    let changes = tracker.changes(in: state)
    guard !changes.isEmpty else { return }
    formatter.format(changes, in: state, into: &buffer)
    try emit()
  }

  public func show(_ notice: Notice, in state: AppState) throws(SinkError) {
    formatter.format(notice, in: state, into: &buffer)
    try emit()
  }

  public func flush() throws(SinkError) { try sink.flush() }

  public func finish(_ state: AppState) throws(SinkError) {
    try render(state)
    formatter.formatEnd(state, into: &buffer)
    try emit()
    try sink.flush()
  }

  private func emit() throws(SinkError) {
    guard !buffer.isEmpty else { return }
    try sink.write(buffer)
    buffer.removeAll(keepingCapacity: true)
  }
}
