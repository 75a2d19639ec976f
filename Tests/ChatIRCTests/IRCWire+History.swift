import ChatCore
import ChatIRC
import FoundationEssentials
import Testing

/// The wire of a reconnect with a channel history replayed on rejoining.
extension IRCWire {
  /// A line from the server at the time now (as a live line's `server-time`).
  mutating func live(_ line: String, after milliseconds: Int64 = 0) {
    wait(milliseconds)
    server("@time=\(Self.stamp(time.advanced(byMilliseconds: -serverBehind))) " + line)
  }

  /// The rejoin of #chat with its history (`time`, nick, text), then the `PONG`.
  mutating func rejoin(history: [(String, String, String)], msgids: [String] = []) {
    live(":alice!alice@127.0.0.1 JOIN :#chat")
    live(":irc1.test 353 alice = #chat :@bob alice")
    live(":irc1.test 366 alice #chat :End of /NAMES list.")
    live(":irc1.test BATCH +1 chathistory :#chat")
    for (number, (time, nick, text)) in history.enumerated() {
      let msgid = number < msgids.count ? msgids[number] : "h\(number + 1)"
      server(
        "@time=2025-01-01T\(time)Z;msgid=\(msgid);batch=1 :\(nick)!\(nick)@127.0.0.1 PRIVMSG #chat :\(text)"
      )
    }
    live(":irc1.test BATCH :-1")
    live(":irc1.test PONG irc1.test :chat-rejoin-2", after: 2)
  }

  /// `12:00:02.000` on the virtual day.
  static func at(_ time: String) -> Timestamp? {
    let parts = time.split(separator: ":")
    guard parts.count == 3, let minute = Int64(parts[1]), let second = Double(parts[2]) else {
      return nil
    }
    return Timestamp.virtualEpoch.advanced(
      byMilliseconds: minute * 60_000 + Int64((second * 1000).rounded()))
  }

  /// `time` as `server-time` (within the virtual day's first hour).
  static func stamp(_ time: Timestamp) -> String {
    let milliseconds = Timestamp.virtualEpoch.milliseconds(to: time)
    let minute = milliseconds / 60_000
    let second = milliseconds % 60_000 / 1000
    let fraction = milliseconds % 1000
    func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let three = fraction < 10 ? "00\(fraction)" : fraction < 100 ? "0\(fraction)" : "\(fraction)"
    return "2025-01-01T12:\(two(minute)):\(two(second)).\(three)Z"
  }
}
