import ChatCore

/// Read markers (`draft/read-marker`): where the account has read each conversation up to,
/// kept by the server and shared by every connection to the account. The client holds none of
/// them: it says what the core marked (`MARKREAD target timestamp=…`) and reports what the
/// server says (`MARKREAD target timestamp=…` or `*`).
extension IRCClient {
  /// The capability that makes the server keep read markers.
  static let readMarkerCapability = "draft/read-marker"

  /// Whether the server keeps read markers for us (`draft/read-marker` is on).
  public var keepsReadMarkers: Bool {
    registration.capabilities.contains(Self.readMarkerCapability)
  }

  /// `MARKREAD target timestamp=…` where the server keeps read markers; nothing elsewhere, nor
  /// for a target that is no single word. Written at once, taking no pacing allowance (the
  /// core asks at most once a second per conversation): what the core's timers make it ask
  /// comes a few milliseconds later live than in a replay, and must not move the pacing of
  /// the messages after it.
  mutating func markRead(_ target: String, upTo time: Timestamp, into output: inout IRCOutput) {
    guard keepsReadMarkers, Self.isValidWord(target) else { return }
    let line = IRCMessage(
      command: "MARKREAD", parameters: [target, "timestamp=" + IRCServerTime.text(time)])
    output.lines.append(line.serialized)
  }

  /// `MARKREAD target timestamp=…` (or `*`: nothing marked): reported as it is. A line
  /// without a target, or with a marker that is neither, is malformed and dropped.
  mutating func receiveReadMarker(_ message: IRCMessage, into output: inout IRCOutput) {
    let parameters = message.parameters
    guard parameters.count >= 2, Self.isValidWord(parameters[0]) else { return countMalformed() }
    let marker = parameters[1]
    if marker == "*" {
      return output.events.append(.readMarker(target: parameters[0], time: nil))
    }
    guard marker.hasPrefix("timestamp="),
      let time = IRCServerTime.parse(String(marker.dropFirst("timestamp=".count)))
    else { return countMalformed() }
    output.events.append(.readMarker(target: parameters[0], time: time))
  }
}
