import ChatCore
import ChatIRC
import ChatIRCSession
import ChatSession
import FoundationEssentials

/// A recording written by hand, for an engine test: link events and server lines at their
/// times, messages typed at theirs, played through `ReplaySession` millisecond by millisecond.
struct ReplayScript {
  static let start = Timestamp.virtualEpoch

  var configuration: IRCSessionConfiguration = {
    var configuration = IRCSessionConfiguration(
      host: "127.0.0.1", port: 6667, client: .init(nick: "bot", channels: ["#chat"]))
    configuration.client.pacing = .unlimited
    return configuration
  }()
  var entries: [ReplaySession.Entry] = []
  var typed: [(time: Int64, message: Message)] = []

  /// The message id `number` (the last digit names it).
  static func id(_ number: Int) -> UUID {
    UUID(uuidString: "00000000-0000-0000-0000-00000000000\(number)")!
  }

  /// `milliseconds` after the start.
  static func at(_ milliseconds: Int64) -> Timestamp {
    start.advanced(byMilliseconds: milliseconds)
  }

  /// `milliseconds` after the start as `server-time` (within the first minute).
  static func stamp(_ milliseconds: Int64) -> String {
    let second = milliseconds / 1000
    let fraction = milliseconds % 1000
    let two = second < 10 ? "0\(second)" : "\(second)"
    let three = fraction < 10 ? "00\(fraction)" : fraction < 100 ? "0\(fraction)" : "\(fraction)"
    return "2025-01-01T12:00:\(two).\(three)Z"
  }

  mutating func link(_ event: LinkEvent, at milliseconds: Int64) {
    entries.append(
      .init(
        time: Self.start.advanced(byMilliseconds: milliseconds), event: event, typedBefore: 0))
  }

  /// Server lines at `milliseconds`, each with that `server-time` unless it has tags.
  mutating func server(_ lines: [String], at milliseconds: Int64) {
    for line in lines {
      let tagged = line.hasPrefix("@") ? line : "@time=\(Self.stamp(milliseconds)) " + line
      link(.received(tagged), at: milliseconds)
    }
  }

  /// A dial, and registration as `nick` with InspIRCd's capabilities, in #chat with alice.
  mutating func connect(at milliseconds: Int64, nick: String = "bot") {
    link(.dialing, at: milliseconds)
    link(.connected, at: milliseconds)
    server(
      [
        ":irc1.test CAP * LS :batch echo-message labeled-response message-tags server-time",
        ":irc1.test CAP \(nick) ACK :echo-message message-tags server-time labeled-response batch",
        ":irc1.test 001 \(nick) :Welcome to the Test IRC Network",
        ":irc1.test 005 \(nick) CASEMAPPING=rfc1459 CHANTYPES=# :are supported by this server",
        ":\(nick)!bot@127.0.0.1 JOIN :#chat",
        ":irc1.test 353 \(nick) = #chat :@alice \(nick)",
        ":irc1.test 366 \(nick) #chat :End of /NAMES list.",
      ], at: milliseconds + 5)
  }

  /// The history of #chat (`milliseconds`, nick, text, msgid) and the rejoin `PONG`.
  mutating func history(_ lines: [(Int64, String, String, String)], at milliseconds: Int64) {
    server([":irc1.test BATCH +1 chathistory :#chat"], at: milliseconds)
    server(
      lines.map { time, nick, text, msgid in
        "@time=\(Self.stamp(time));msgid=\(msgid);batch=1 :\(nick)!bot@127.0.0.1 PRIVMSG #chat :\(text)"
      }, at: milliseconds)
    server([":irc1.test BATCH :-1", ":irc1.test PONG irc1.test :chat-rejoin-2"], at: milliseconds)
  }

  /// `text` typed to #chat at `milliseconds` as message `number`.
  mutating func type(_ text: String, number: Int, at milliseconds: Int64) {
    let message = Message(
      id: Self.id(number), sender: "bot", text: text,
      time: Self.start.advanced(byMilliseconds: milliseconds), isLocal: true,
      conversation: ConversationName("#chat"))
    typed.append((milliseconds, message))
  }

  /// Every action the session made by `milliseconds`.
  func run(until milliseconds: Int64) -> [Action.Session] {
    let session = ReplaySession(
      configuration: configuration, entries: entries, typedTaken: { 0 })
    session.connect(at: Self.start)
    var actions: [Action.Session] = []
    var typed = typed[...]
    for step in 0...milliseconds {
      let now = Self.start.advanced(byMilliseconds: step)
      while let first = typed.first, first.time <= step {
        typed.removeFirst()
        session.send(first.message, at: now)
      }
      for _ in 0..<1000 {
        guard let action = session.nextEvent(dueBy: now) else { break }
        actions.append(action)
      }
    }
    return actions
  }
}
