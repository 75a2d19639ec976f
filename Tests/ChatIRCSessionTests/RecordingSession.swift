import ChatCore
import ChatIRCSession
import ChatSession
import FoundationEssentials

/// What passed between the core and the IRC session, in order: each message handed over for
/// sending, and each event the session reported.
final class SessionLog {
  enum Entry {
    case sent(id: UUID, text: String, at: Timestamp)
    case event(Action.Session)

    /// One line for a failure report.
    var summary: String {
      switch self {
      case .sent(_, let text, let time): "\(time.millisecondsSinceEpoch % 100_000) sent \(text)"
      case .event(.echoed(let message)): "echoed \(message.text)"
      case .event(let event): "\(event)"
      }
    }
  }

  private(set) var entries: [Entry] = []

  func append(_ entry: Entry) { entries.append(entry) }
}

/// An `IRCSession` as the runtime sees it, with everything it is given and reports written to
/// a `SessionLog`. It changes nothing: every call goes straight through.
struct RecordingSession: Session {
  let session: IRCSession
  let log: SessionLog

  mutating func connect(at now: Timestamp) { session.connect(at: now) }

  mutating func send(_ message: Message, at now: Timestamp) {
    log.append(.sent(id: message.id, text: message.text, at: now))
    session.send(message, at: now)
  }

  var nextDeadline: Timestamp? { session.nextDeadline }

  mutating func nextEvent(dueBy now: Timestamp) -> Action.Session? {
    let event = session.nextEvent(dueBy: now)
    if let event { log.append(.event(event)) }
    return event
  }

  var watchedDescriptors: [WatchedDescriptor] { session.watchedDescriptors }

  mutating func handle(_ readiness: Readiness, on descriptor: Int32, at now: Timestamp) {
    session.handle(readiness, on: descriptor, at: now)
  }

  var isExpectingEvents: Bool { session.isExpectingEvents }

  mutating func leave(reason: String?, at now: Timestamp) { session.leave(reason: reason, at: now) }

  mutating func join(_ name: ConversationName, key: String?, at now: Timestamp) {
    session.join(name, key: key, at: now)
  }

  mutating func part(_ name: ConversationName, reason: String?, at now: Timestamp) {
    session.part(name, reason: reason, at: now)
  }

  mutating func setTopic(_ topic: String, of name: ConversationName, at now: Timestamp) {
    session.setTopic(topic, of: name, at: now)
  }

  mutating func perform(_ request: SessionRequest, at now: Timestamp) {
    session.perform(request, at: now)
  }
}
