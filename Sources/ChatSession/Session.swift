import ChatCore

/// Something that carries messages to the other side and reports back as `Action.Session`s.
///
/// Sessions are passive: the runtime's loop hands them sends, asks when their next event is
/// due, and collects due events. That keeps every session on the loop's one thread and lets
/// the same loop drive them on a live or a virtual clock.
///
/// A session over a network names the descriptors it wants watched (`watchedDescriptors`):
/// for reading while it is connected, and for writing while it has bytes queued, so a send
/// never blocks: `send` queues the bytes, and they go out as the descriptor can take them.
/// The loop polls those descriptors together with the user's input and calls
/// `handle(_:on:at:)` when one is ready; what the session makes of it (an echo, a message, a
/// lost connection) comes out of `nextEvent(dueBy:)`, due at that moment. (A TLS layer whose
/// read wants write readiness, or the reverse, says so through the same interest.) The
/// simulated session owns no descriptor.
public protocol Session {
  /// Starts connecting at `now`.
  mutating func connect(at now: Timestamp)
  /// Hands `message` over for delivery at `now`. Must not block: a transport queues it.
  mutating func send(_ message: Message, at now: Timestamp)
  /// When the next event is due, or nil when nothing is pending. Reading it changes nothing.
  var nextDeadline: Timestamp? { get }
  /// Removes and returns the earliest event due at or before `now`, if any.
  mutating func nextEvent(dueBy now: Timestamp) -> Action.Session?
  /// The descriptors to poll before the next wait, and for what; empty when there are none.
  var watchedDescriptors: [WatchedDescriptor] { get }
  /// Tells the session that `descriptor` is `readiness` at `now`: it reads or writes what it
  /// can without blocking, and reports what came of it through `nextEvent(dueBy:)`.
  mutating func handle(_ readiness: Readiness, on descriptor: Int32, at now: Timestamp)
  /// Whether an event the user waits for is still to come, when everything they sent has been
  /// delivered or has failed: the simulated peer's reply is; a network expects the server's
  /// closing after `leave`. A run that is leaving ends when this turns false. A query: asking
  /// changes nothing.
  var isExpectingEvents: Bool { get }
  /// Whether the session confirms delivery itself, with a timeout of its own: the core then
  /// sets none (the runtime tells it `.confirmsDelivery` before the run starts).
  var confirmsDelivery: Bool { get }
  /// Leaves at `now`, telling the other side `reason` (the session's own default when nil):
  /// the run is draining and nothing the user sent is in flight. What is still to come is
  /// what `isExpectingEvents` says.
  mutating func leave(reason: String?, at now: Timestamp)
  /// Asks to join the channel `name` at `now`, with its `key` if it has one; `.joined`
  /// reports it done.
  mutating func join(_ name: ConversationName, key: String?, at now: Timestamp)
  /// Asks to leave the channel `name` at `now`, for `reason` if given; `.left` reports it done.
  mutating func part(_ name: ConversationName, reason: String?, at now: Timestamp)
  /// Asks to set the topic of the channel `name` at `now`; `.topicChanged` reports it done.
  mutating func setTopic(_ topic: String, of name: ConversationName, at now: Timestamp)
  /// Asks the server to carry out `request` at `now` (`/nick`, `/whois`, …); what comes of
  /// it comes back as actions. The core asks only a session with a server.
  mutating func perform(_ request: SessionRequest, at now: Timestamp)

  /// Whether the session keeps a report of everything its link does (`takeLinkReports()`):
  /// the loop turns it on before connecting when something watches it (`chat --record`).
  /// Off, nothing is kept.
  var reportsLink: Bool { get set }
  /// Removes and returns what the link did since the loop last asked, oldest first. The loop
  /// asks before every action it dispatches and every step it takes, so its observer sees
  /// the link and the core in the order they happened.
  mutating func takeLinkReports() -> [LinkReport]
  /// How many of its actions are ready for the loop and not yet collected (a changed link
  /// status counting as one): what a step typed now overtakes. A query.
  var waitingActionCount: Int { get }
}

/// A descriptor a session wants polled, and whether for reading, writing or both.
public struct WatchedDescriptor: Hashable, Sendable {
  /// The descriptor.
  public var descriptor: Int32
  /// Whether the session wants to know when it is readable.
  public var wantsRead: Bool
  /// Whether the session wants to know when it can take more bytes.
  public var wantsWrite: Bool

  /// Names `descriptor` and what to watch it for.
  public init(_ descriptor: Int32, wantsRead: Bool, wantsWrite: Bool) {
    self.descriptor = descriptor
    self.wantsRead = wantsRead
    self.wantsWrite = wantsWrite
  }
}

/// What a poll found a descriptor ready for.
public struct Readiness: OptionSet, Hashable, Sendable {
  public let rawValue: UInt8

  /// Creates readiness from its bits.
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// Bytes can be read (or the end of the stream has come).
  public static let readable = Readiness(rawValue: 1 << 0)
  /// Bytes can be written without blocking.
  public static let writable = Readiness(rawValue: 1 << 1)
  /// The other end hung up; reading reports what is left, then the end.
  public static let hungUp = Readiness(rawValue: 1 << 2)
  /// The descriptor has an error pending; the next read or write reports it.
  public static let failed = Readiness(rawValue: 1 << 3)
}

/// Sessions without channels ignore the channel requests: nothing is joined, so nothing is
/// reported (the core gives up waiting for the answer after `AppState.answerWaitMilliseconds`).
/// Leaving, for a session without a link, is only waiting for what it still expects.
/// A session without a link has nothing of one to report, and counts none of its actions as
/// waiting (the loop collects the simulated peer's as they fall due).
extension Session {
  /// False: the core's own delivery timeout applies.
  public var confirmsDelivery: Bool { false }
  public mutating func leave(reason: String?, at now: Timestamp) {}
  public mutating func join(_ name: ConversationName, key: String?, at now: Timestamp) {}
  public mutating func part(_ name: ConversationName, reason: String?, at now: Timestamp) {}
  public mutating func setTopic(_ topic: String, of name: ConversationName, at now: Timestamp) {}
  /// Nothing: without a server the core never asks (it says the command needs one).
  public mutating func perform(_ request: SessionRequest, at now: Timestamp) {}
  public var reportsLink: Bool {
    get { false }
    set {}
  }
  public mutating func takeLinkReports() -> [LinkReport] { [] }
  public var waitingActionCount: Int { 0 }
}
