/// How a network link is doing, as its session last measured it: what the prompt shows next
/// to the conversation (`[3 queued, lag 120ms]`). The simulated peer has none.
public struct LinkStatus: Hashable, Sendable {
  /// Lines waiting for the pacing allowance before they go out.
  public var queuedLines: Int
  /// The last round trip to the server (keepalive `PING` to `PONG`), once one was measured.
  public var lagMilliseconds: Int64?

  /// Creates a status.
  public init(queuedLines: Int = 0, lagMilliseconds: Int64? = nil) {
    self.queuedLines = queuedLines
    self.lagMilliseconds = lagMilliseconds
  }
}
