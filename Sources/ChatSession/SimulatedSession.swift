import ChatCore
import FoundationEssentials

/// The seed's session: every sent message is echoed back after 100 ms, and 200 ms after the
/// echo the peer answers with a fresh UUID string.
public struct SimulatedSession: Session {
  /// How the simulated peer behaves.
  public struct Configuration: Sendable {
    /// The name replies are sent under.
    public var peerName = "Person B"
    /// How long a sent message takes to come back.
    public var echoDelayMilliseconds: Int64 = 100
    /// How long after the echo the peer answers.
    public var replyDelayMilliseconds: Int64 = 200

    /// Creates the seed's configuration, with an optional other peer name.
    public init(peerName: String = "Person B") {
      self.peerName = peerName
    }
  }

  private enum Pending {
    case connect
    case echo(Message)
    case reply
  }

  private let configuration: Configuration
  private var ids: SeededUUIDGenerator
  private var timers = TimerQueue<Pending>()

  /// Creates a session whose reply ids and texts come from `ids`.
  public init(configuration: Configuration = Configuration(), ids: SeededUUIDGenerator) {
    self.configuration = configuration
    self.ids = ids
  }

  public mutating func connect(at now: Timestamp) {
    timers.schedule(.connect, at: now)
  }

  public mutating func send(_ message: Message, at now: Timestamp) {
    timers.schedule(
      .echo(message), at: now.advanced(byMilliseconds: configuration.echoDelayMilliseconds))
  }

  public var nextDeadline: Timestamp? { timers.nextDeadline }

  public mutating func nextEvent(dueBy now: Timestamp) -> Action.Session? {
    guard let (due, pending) = timers.popDue(at: now) else { return nil }
    switch pending {
    case .connect:
      return .connected
    case .echo(var message):
      message.time = due
      timers.schedule(
        .reply, at: due.advanced(byMilliseconds: configuration.replyDelayMilliseconds))
      return .echoed(message)
    case .reply:
      // As in the seed, the text is a fresh UUID's string; the message gets its own id.
      let text = ids.next().upperHexString
      return .received(
        Message(id: ids.next(), sender: configuration.peerName, text: text, time: due))
    }
  }
}
