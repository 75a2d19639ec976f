/// A busy channel's server lines, made deterministically: what a client joined to one
/// channel of a real network receives, for `chat-bench irc`.
///
/// It opens with registration as InspIRCd sends it (capabilities acknowledged, `001`,
/// `005`, our `JOIN`, the `NAMES` of `members` people), then `lines` lines of traffic:
/// about 88 % `PRIVMSG` (one in twenty an action, one in ten naming us), 4 % `JOIN`,
/// 3 % `PART`, 3 % `QUIT` (each a `JOIN` instead while only half the members are left)
/// and 2 % `NICK`, every line with a `msgid` and a `time` tag, from a
/// seeded generator so that every run sends the same bytes.
struct RecordedChannel {
  static let nick = "benchbot"
  static let channel = "#busy"

  let lines: Int
  let members: Int

  /// The whole recording, CR LF after every line.
  func bytes() -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(lines * 150 + members * 12 + 1024)
    func line(_ text: String) {
      out += text.utf8
      out += [0x0D, 0x0A]
    }
    let capabilities = "echo-message message-tags server-time labeled-response batch"
    line(":irc.test CAP * LS :\(capabilities)")
    line(":irc.test CAP * ACK :\(capabilities)")
    line(":irc.test 001 \(Self.nick) :Welcome to the Test IRC Network \(Self.nick)!bench@127.0.0.1")
    line(
      ":irc.test 005 \(Self.nick) CASEMAPPING=rfc1459 CHANLIMIT=#:20 CHANNELLEN=64 CHANTYPES=# "
        + "LINELEN=512 NICKLEN=30 PREFIX=(ov)@+ :are supported by this server")
    line(":irc.test 422 \(Self.nick) :There is no message of the day.")
    line(":\(Self.nick)!bench@127.0.0.1 JOIN :\(Self.channel)")
    var present = (0..<members).map { "user\($0)" }
    var names = [Self.nick]
    for nick in present {
      names.append(nick)
      if names.count == 40 {
        line(":irc.test 353 \(Self.nick) = \(Self.channel) :\(names.joined(separator: " "))")
        names.removeAll()
      }
    }
    if !names.isEmpty {
      line(":irc.test 353 \(Self.nick) = \(Self.channel) :\(names.joined(separator: " "))")
    }
    line(":irc.test 366 \(Self.nick) \(Self.channel) :End of /NAMES list.")

    var random = SplitMix(seed: 16)
    var fresh = members
    let words = [
      "lorem", "ipsum", "dolor", "sit", "amet", "the", "build", "is", "green", "again", "did",
      "anyone", "see", "deploy", "logs", "from", "yesterday", "merged", "thanks", "café", "ok",
      "https://example.org/issue/1234", "naïve", "rebase", "🙂", "tomorrow",
    ]
    for index in 0..<lines {
      let millisecond = index * 37
      let time =
        "2026-12-01T12:\(two(millisecond / 60_000 % 60)):\(two(millisecond / 1000 % 60))."
        + three(millisecond % 1000) + "Z"
      let tags = "@msgid=b\(index)x\(random.next() % 100_000);time=\(time)"
      let roll = random.next() % 100
      let who = Int(random.next() % UInt64(present.count))
      let nick = present[who]
      let source = "\(nick)!~\(nick)@host-\(who % 97).example.net"
      // Fewer joins than leaves, but never below half the members: the channel stays busy.
      let leaves = present.count > members / 2
      switch roll {
      case 0..<88:
        var text = (0..<(3 + Int(random.next() % 14))).map { _ in
          words[Int(random.next() % UInt64(words.count))]
        }.joined(separator: " ")
        if random.next() % 10 == 0 { text = "\(Self.nick): " + text }
        if random.next() % 20 == 0 { text = "\u{1}ACTION \(text)\u{1}" }
        line("\(tags) :\(source) PRIVMSG \(Self.channel) :\(text)")
      case 92..<95 where leaves:
        present.remove(at: who)
        line("\(tags) :\(source) PART \(Self.channel) :see you")
      case 95..<98 where leaves:
        present.remove(at: who)
        line("\(tags) :\(source) QUIT :Quit: leaving")
      case 88..<98:
        let newcomer = "guest\(fresh)"
        fresh += 1
        present.append(newcomer)
        line("\(tags) :\(newcomer)!~g@joined.example.net JOIN \(Self.channel) * :A Guest")
      default:
        let renamed = nick.utf8.count < 20 ? "\(nick)_" : "renamed\(fresh)"
        fresh += 1
        present[who] = renamed
        line("\(tags) :\(source) NICK :\(renamed)")
      }
    }
    return out
  }

  private func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
  private func three(_ value: Int) -> String {
    value < 10 ? "00\(value)" : value < 100 ? "0\(value)" : "\(value)"
  }
}

/// SplitMix64: a small seeded generator, so the recording is the same in every run.
struct SplitMix {
  private var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
