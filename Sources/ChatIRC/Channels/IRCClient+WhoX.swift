import ChatCore

/// What chat asks on joining a channel: its names list where the server sends none by itself
/// (`draft/no-implicit-names`), and with WHOX (ISUPPORT `WHOX`) one `WHO #chan
/// %tcuhnfar,TOKEN` for every member's account and away state, which `away-notify` and
/// `account-notify` keep up to date from then on.
///
/// Both are written at once, as answers to the server's `JOIN`, and take no pacing allowance
/// (as the `PING` after rejoining takes none): the user's lines go when they would have
/// without them, and a run recorded before chat asked them replays as it was recorded.
extension IRCClient {
  /// The capability names of `no-implicit-names` (the draft's, and the final one).
  static let noImplicitNames = ["draft/no-implicit-names", "no-implicit-names"]

  /// We joined `channel`: `NAMES` where the server sends none unasked, then WHOX.
  mutating func askAboutMembers(
    of channel: String, key: String, into output: inout IRCOutput
  ) {
    if !capabilities.isDisjoint(with: Self.noImplicitNames) {
      output.lines.append(IRCMessage(command: "NAMES", parameters: [channel]).serialized)
    }
    guard support.offersWhoX, let token = whox.ask(channel, key: key) else { return }
    output.lines.append(
      IRCMessage(command: "WHO", parameters: [channel, "%\(IRCWhoX.fields),\(token)"])
        .serialized)
  }

  /// `354 me TOKEN #chan user host nick flags account :real name`: a member of a channel
  /// whose WHOX chat asked; false for a token chat did not give (a `/quote WHO … %…`).
  mutating func receiveWhoX(_ parameters: [String]) -> Bool {
    guard parameters.count >= 9 else { return false }
    let (token, user, host, nick, flags, account, realName) = (
      parameters[1], parameters[3], parameters[4], parameters[5], parameters[6], parameters[7],
      parameters[8]
    )
    guard !nick.isEmpty else { return false }
    let member = Member(
      nick, account: account == "0" || account == "*" ? nil : account,
      awayMessage: flags.hasPrefix("G") ? "" : nil, user: user, host: host, realName: realName)
    return whox.add(member, token: token)
  }

  /// `315 me #chan :End of WHO list` for a WHOX of ours: what it said, handed on.
  mutating func endWhoX(_ mask: String, into output: inout IRCOutput) -> Bool {
    guard let done = whox.end(key: folded(mask)) else { return false }
    if let name = channels.name(done.key) {
      output.events.append(.membersDescribed(channel: name, members: done.members))
    }
    return true
  }
}
