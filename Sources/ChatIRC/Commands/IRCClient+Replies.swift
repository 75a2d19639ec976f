import ChatCore

/// The router's side of the queries part (`IRCQueries`): the numerics that answer the
/// user's server commands, gathered into one reply each (`WHOIS` until `318`, `WHO` until
/// `315`, `LIST` until `323`) or told as they come (`305`/`306` away, `341` inviting, `324`
/// and `221` modes).
extension IRCClient {
  /// Numerics that refuse a `NICK` after registration besides 432, 433, 436 and 437: banned
  /// on a channel (435), changing too fast (438), not allowed on a channel (447).
  static let nickChangeErrors: Set<Int> = [435, 438, 447]

  /// Acts on `message`, numeric `number`, when it answers one of the user's questions (or is
  /// about a nick whose `WHOIS` is being gathered); false when it does not.
  mutating func receiveReply(_ message: IRCMessage, number: Int, into output: inout IRCOutput)
    -> Bool
  {
    let parameters = message.parameters
    switch number {
    case 305:
      output.events.append(.markedBack)
      return true
    case 306:
      output.events.append(.markedAway(message: queries.awayMessage))
      return true
    case 341 where parameters.count >= 3:
      let (first, second) = (parameters[1], parameters[2])
      let isChannelFirst = support.isChannel(first) && !support.isChannel(second)
      output.events.append(
        .inviting(nick: isChannelFirst ? second : first, channel: isChannelFirst ? first : second))
      return true
    case 324 where parameters.count >= 3:
      output.events.append(
        .currentModes(target: parameters[1], modes: parameters[2...].joined(separator: " ")))
      return true
    case 221 where parameters.count >= 2:
      output.events.append(
        .currentModes(target: nick, modes: parameters[1...].joined(separator: " ")))
      return true
    case 329:
      return true  // When the channel was made: part of `324`'s answer, not shown.
    case 730, 731:
      receiveMonitorStatus(message, online: number == 730, into: &output)
      return true
    case 734:
      receiveMonitorFull(message, into: &output)
      return true
    case 321:
      return !queries.lists.isEmpty  // `LIST`'s header.
    case 322 where parameters.count >= 3:
      let channel = ChannelList.Channel(
        name: parameters[1], userCount: Int(parameters[2]) ?? 0,
        topic: parameters.count > 3 ? parameters[3] : "")
      return queries.addListedChannel(channel)
    case 323:
      guard let list = queries.endList() else { return false }
      output.events.append(.channelsListed(list))
      return true
    case 352 where parameters.count >= 8:
      return queries.addWhoEntry(Self.whoEntry(parameters))
    case 354:
      return receiveWhoX(parameters)
    case 315:
      if parameters.count >= 2, endWhoX(parameters[1], into: &output) { return true }
      guard let reply = queries.endWho() else { return false }
      output.events.append(.whoReplied(reply))
      return true
    default:
      return receiveWhoisReply(message, number: number, into: &output)
    }
  }

  /// `301 me bob :lunch`: part of a `WHOIS` being gathered for bob, or else told as it is
  /// (the answer to a message sent to someone away).
  mutating func receiveAwayReply(_ message: IRCMessage, into output: inout IRCOutput) {
    let parameters = message.parameters
    guard parameters.count >= 3 else { return countMalformed() }
    if queries.updateWhois(folded(parameters[1]), { $0.awayMessage = parameters[2] }) { return }
    output.events.append(
      .serverReply(code: "301", text: "\(parameters[1]) is away: \(parameters[2])"))
  }

  /// A numeric about a nick whose `WHOIS` is gathered (its second parameter): a fact for the
  /// reply, or `318`, its end.
  private mutating func receiveWhoisReply(
    _ message: IRCMessage, number: Int, into output: inout IRCOutput
  ) -> Bool {
    let parameters = message.parameters
    guard number < 400 || number >= 600, parameters.count >= 2 else { return false }
    let key = folded(parameters[1])
    if number == 318 {
      guard let reply = queries.endWhois(key) else { return false }
      output.events.append(.whoisReplied(reply))
      return true
    }
    let rest = Array(parameters.dropFirst(2))
    return queries.updateWhois(key) { reply in
      switch number {
      case 311 where rest.count >= 4:
        (reply.nick, reply.user, reply.host) = (parameters[1], rest[0], rest[1])
        reply.realName = rest[3]
      case 312 where rest.count >= 1:
        reply.server = rest[0]
        reply.serverInfo = rest.count > 1 ? rest[1] : nil
      case 313:
        reply.isOperator = true
      case 317 where rest.count >= 1:
        reply.idleSeconds = Int64(rest[0]).flatMap { $0 >= 0 ? $0 : nil }
        if rest.count > 2, let seconds = Int64(rest[1]), abs(seconds) < 100_000_000_000 {
          reply.signedOn = Timestamp(millisecondsSinceEpoch: seconds * 1000)
        }
      case 319 where rest.count >= 1:
        let room = WhoisReply.channelLimit - reply.channels.count
        reply.channels += rest[rest.count - 1].split(separator: " ").prefix(max(0, room))
          .map(String.init)
      case 330 where rest.count >= 1:
        reply.account = rest[0]
      case 671:
        reply.secureConnection = rest.last ?? "is using a secure connection"
      default:
        guard reply.other.count < WhoisReply.otherLimit, !rest.isEmpty else { return }
        reply.other.append(rest.joined(separator: " "))
      }
    }
  }

  /// `401 me bob :No such nick` for a `WHOIS` being gathered: no one has that nick (its `318`
  /// still ends the reply). False when no `WHOIS` for it waits.
  mutating func receiveNoSuchNick(_ target: String?) -> Bool {
    guard let target else { return false }
    return queries.updateWhois(folded(target)) { $0.isFound = false }
  }

  /// A refusal of a `NICK` asked for after registration, by a numeric other than the usual
  /// four; false when no nick change waits.
  mutating func receiveNickChangeError(_ number: Int, reason: String, into output: inout IRCOutput)
    -> Bool
  {
    guard Self.nickChangeErrors.contains(number), let requested = registration.requestedNick
    else { return false }
    registration.requestedNick = nil
    output.events.append(.nickChangeFailed(nick: requested, reason: reason))
    return true
  }

  /// A numeric nothing else shows: shown while a window after a hand-written line is open.
  mutating func showInReplyWindow(_ message: IRCMessage, into output: inout IRCOutput) {
    guard queries.showsInWindow() else { return }
    let text = message.parameters.dropFirst().filter { !$0.isEmpty }.joined(separator: " ")
    output.events.append(.serverReply(code: message.command, text: text))
  }

  /// `352 me #chan user host server nick H@ :0 Real Name`.
  private static func whoEntry(_ parameters: [String]) -> WhoReply.Entry {
    let flags = parameters[6]
    let trailing = parameters[7]
    let realName = trailing.split(separator: " ", maxSplits: 1).dropFirst().first.map(String.init)
    return WhoReply.Entry(
      nick: parameters[5], user: parameters[2], host: parameters[3], server: parameters[4],
      realName: realName ?? "", channel: parameters[1], isAway: flags.hasPrefix("G"),
      flags: String(flags.drop { $0 == "H" || $0 == "G" }))
  }
}
