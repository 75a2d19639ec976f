import ChatCore
import FoundationEssentials

/// The seed's session: every sent message is echoed back after 100 ms, and 200 ms after the
/// echo the peer answers with a fresh UUID string.
///
/// The same holds in every conversation, each with its own peer: in the session's own
/// conversation and in channels the peer is `peerName` (a joined channel's members are you and
/// them), in a private chat it is the person the chat is named after. Joining, leaving and
/// setting a topic are confirmed one echo delay later. Nobody answers in a channel not joined.
///
/// Two additions for testing what the seed never met: `burst` makes the peer answer with
/// several messages at once (a flood), and `faults` make the network drop, duplicate, delay
/// and disconnect, all drawn from a seeded generator so a run is still reproducible. With no
/// faults no random number is drawn, so runs are identical to the seed's timing.
public struct SimulatedSession: Session {
  /// How the simulated peer and network behave.
  public struct Configuration: Sendable {
    /// The name replies are sent under, in the session's own conversation and in channels.
    public var peerName = "Person B"
    /// The session's own conversation (the state's first), where `peerName` answers.
    public var ownConversation = ConversationName.initial
    /// How long a sent message takes to come back.
    public var echoDelayMilliseconds: Int64 = 100
    /// How long after the echo the peer answers.
    public var replyDelayMilliseconds: Int64 = 200
    /// How many messages the peer answers each echo with, all at the same instant.
    public var burst = 1
    /// What goes wrong on the way.
    public var faults = Faults()

    /// Creates the seed's configuration, with an optional other peer name.
    public init(peerName: String = "Person B") {
      self.peerName = peerName
    }
  }

  /// A pending event and the connection it belongs to.
  private struct Scheduled {
    var epoch: Int
    var pending: Pending
  }

  private enum Pending {
    case connect
    case connecting
    case disconnect
    case echo(Message)
    /// Joining the channel is confirmed, and its member list follows.
    case join(ConversationName)
    /// Leaving the channel is confirmed.
    case part(ConversationName, reason: String?)
    /// The send of the message with this id failed: the connection was down.
    case refuse(UUID)
    /// The peer's answer to the message with this id, in its conversation.
    case reply(to: UUID, in: ConversationName)
    /// The channel's member list.
    case members(ConversationName)
    /// The channel's new topic.
    case topic(ConversationName, String)
    /// A duplicate of an echo already delivered: reported again, answered no more.
    case repeatEcho(Message)
    /// A duplicate of a reply already delivered, with the same id.
    case repeatReply(Message, to: UUID)
  }

  private let configuration: Configuration
  private var ids: SeededUUIDGenerator
  private var random: SeededUUIDGenerator
  private var timers = TimerQueue<Scheduled>()
  /// Messages whose echo has been reported and whose peer's answer is still on its way,
  /// oldest first: what keeps a leaving run waiting (`isExpectingEvents`). A lost answer (the
  /// drop fault, a lost connection) is never listed, so nothing waits for it.
  private var awaitedReplies = PendingQueue<UUID>()
  /// Conversation requests (join, part, topic) whose confirmation is still to come: a leaving
  /// run waits for them too, so a `/join` on the last piped line is still confirmed.
  private var awaitedConfirmations = 0
  /// Bumped on every disconnect: events scheduled on an earlier connection are lost with it.
  private var epoch = 0
  private var isDown = false
  /// The channels joined, whose peer is `peerName`.
  private var channels: Set<ConversationName> = []
  private let rules = NameRules()

  /// Creates a session whose reply ids and texts come from `ids`; faults draw from another
  /// stream of the same seed.
  public init(configuration: Configuration = Configuration(), ids: SeededUUIDGenerator) {
    self.configuration = configuration
    self.ids = ids
    var fork = ids  // A copy: drawing from it leaves `ids` untouched.
    random = SeededUUIDGenerator(seed: fork.nextBits(), stream: 2)
  }

  public mutating func connect(at now: Timestamp) {
    timers.schedule(Scheduled(epoch: epoch, pending: .connect), at: now)
  }

  public mutating func send(_ message: Message, at now: Timestamp) {
    let faults = configuration.faults
    // A send into a connection known to be down fails at once, as a socket write would;
    // the send that brings the connection down goes down with it.
    if isDown || chance(faults.disconnect) {
      if !isDown { goDown(at: now) }
      timers.schedule(Scheduled(epoch: epoch, pending: .refuse(message.id)), at: now)
      return
    }
    guard !chance(faults.drop) else { return }
    schedule(.echo(message), at: now, after: configuration.echoDelayMilliseconds)
  }

  public mutating func join(_ name: ConversationName, key: String?, at now: Timestamp) {
    confirm(.join(name), at: now)
  }

  public mutating func part(_ name: ConversationName, reason: String?, at now: Timestamp) {
    confirm(.part(name, reason: reason), at: now)
  }

  public mutating func setTopic(_ topic: String, of name: ConversationName, at now: Timestamp) {
    confirm(.topic(name, topic), at: now)
  }

  public var nextDeadline: Timestamp? { timers.nextDeadline }

  /// None: the simulated network lives in memory.
  public var watchedDescriptors: [WatchedDescriptor] { [] }

  public mutating func handle(_ readiness: Readiness, on descriptor: Int32, at now: Timestamp) {}

  /// True while an answer to an echoed message is on its way. The first reply to arrive
  /// answers it; the rest of a burst is shown if it comes at the same instant, not waited for.
  public var isExpectingEvents: Bool { !awaitedReplies.isEmpty || awaitedConfirmations > 0 }

  public mutating func nextEvent(dueBy now: Timestamp) -> Action.Session? {
    while let (due, entry) = timers.popDue(at: now) {
      // Events of a connection that has since gone down are lost with it; the new
      // connection's own events (connecting, connected) carry the new epoch.
      guard entry.epoch == epoch else { continue }
      switch entry.pending {
      case .connect:
        isDown = false
        return .connected(time: due)
      case .connecting:
        return .connecting(time: due)
      case .disconnect:
        return .disconnected(.lost(reason: "connection lost", retrying: true), time: due)
      case .refuse(let id):
        return .deliveryFailed(ids: [id], reason: "connection lost", time: due)
      case .repeatEcho(let message):
        return .echoed(message)
      case .repeatReply(let message, let original):
        return .received(message, inReplyTo: original)
      case .echo(var message):
        message.time = due
        repeatSometimes(.repeatEcho(message), after: due)
        var answered = false
        let heard = peer(in: message.conversation) != nil
        for _ in 0..<configuration.burst where heard && !chance(configuration.faults.drop) {
          schedule(
            .reply(to: message.id, in: message.conversation), at: due,
            after: configuration.replyDelayMilliseconds)
          answered = true
        }
        if answered { awaitedReplies.append(message.id) }
        return .echoed(message)
      case .reply(let original, let conversation):
        guard let peer = peer(in: conversation) else {
          // You left the channel meanwhile: nobody hears you, so nothing is to be waited for.
          _ = awaitedReplies.removeFirst { $0 == original }
          continue
        }
        // As in the seed, the text is a fresh UUID's string; the message gets its own id.
        let text = ids.next().upperHexString
        let reply = Message(
          id: ids.next(), sender: peer, text: text, time: due, conversation: conversation)
        repeatSometimes(.repeatReply(reply, to: original), after: due)
        _ = awaitedReplies.removeFirst { $0 == original }
        return .received(reply, inReplyTo: original)
      case .join(let channel):
        channels.insert(channel)
        timers.schedule(Scheduled(epoch: epoch, pending: .members(channel)), at: due)
        return .joined(channel, time: due)
      case .members(let channel):
        awaitedConfirmations -= 1  // A join is settled once its member list is in.
        return .membersListed(channel, [Member(configuration.peerName)], time: due)
      case .part(let channel, let reason):
        awaitedConfirmations -= 1
        channels.remove(channel)
        return .left(channel, reason: reason, time: due)
      case .topic(let channel, let topic):
        awaitedConfirmations -= 1
        guard channels.contains(channel) else { continue }
        return .topicChanged(channel, topic: topic, by: nil, time: due)
      }
    }
    return nil
  }

  /// Who answers in `conversation`; nil in a channel not joined, where nobody hears you.
  private func peer(in conversation: ConversationName) -> String? {
    if conversation == configuration.ownConversation || channels.contains(conversation) {
      return configuration.peerName
    }
    return rules.isChannel(conversation.text) ? nil : conversation.text
  }

  /// Schedules a conversation request's confirmation one echo delay after `now`, without
  /// jitter or loss, so no random number is drawn for it.
  private mutating func confirm(_ pending: Pending, at now: Timestamp) {
    awaitedConfirmations += 1
    timers.schedule(
      Scheduled(epoch: epoch, pending: pending),
      at: now.advanced(byMilliseconds: configuration.echoDelayMilliseconds))
  }

  /// Schedules `pending` after `delay`, give or take the jitter.
  private mutating func schedule(_ pending: Pending, at now: Timestamp, after delay: Int64) {
    timers.schedule(
      Scheduled(epoch: epoch, pending: pending),
      at: now.advanced(byMilliseconds: max(1, delay + jitter())))
  }

  /// With the duplicate fault's chance, delivers `pending` again a little after `due`.
  /// (An autoclosure: without the fault, the duplicate is never made, not even copied.)
  private mutating func repeatSometimes(
    _ pending: @autoclosure () -> Pending, after due: Timestamp
  ) {
    guard chance(configuration.faults.duplicate) else { return }
    timers.schedule(
      Scheduled(epoch: epoch, pending: pending()),
      at: due.advanced(byMilliseconds: max(0, jitter())))
  }

  private mutating func goDown(at now: Timestamp) {
    epoch += 1
    isDown = true
    awaitedReplies.removeAll()  // Their answers went down with the connection.
    awaitedConfirmations = 0  // So did the confirmations of conversation requests.
    let downtime = configuration.faults.downtimeMilliseconds
    timers.schedule(Scheduled(epoch: epoch, pending: .disconnect), at: now)
    timers.schedule(
      Scheduled(epoch: epoch, pending: .connecting), at: now.advanced(byMilliseconds: downtime / 2))
    timers.schedule(
      Scheduled(epoch: epoch, pending: .connect), at: now.advanced(byMilliseconds: downtime))
  }

  private mutating func jitter() -> Int64 {
    let range = configuration.faults.jitterMilliseconds
    guard range > 0 else { return 0 }
    return Int64(random.nextBits() % UInt64(2 * range + 1)) - range
  }

  /// True with `probability`; draws nothing when it is zero.
  private mutating func chance(_ probability: Double) -> Bool {
    guard probability > 0 else { return false }
    return Double(random.nextBits() >> 11) * 0x1p-53 < probability
  }
}
