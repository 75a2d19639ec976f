import ChatCore
import ChatIRC
import FoundationEssentials
import IRCTestRequirements
import Testing

/// A client on a virtual timeline, with everything it wrote and reported kept for the test.
struct IRCWire {
  var client: IRCClient
  /// Frames what `receive(bytes:)` is given, as the session does.
  var framer = IRCLineBuffer()
  var time = Timestamp.virtualEpoch
  var lines: [String] = []
  /// When each of `lines` was written.
  var lineTimes: [Timestamp] = []
  /// The positions in `lines` of lines marked sensitive.
  var sensitive: Set<Int> = []
  var events: [IRCEvent] = []
  var closed = false
  /// Whether the server answers every `PING` of ours at once.
  var answersPings = false
  /// How far behind the client's clock the server's runs, for lines given `server-time`.
  var serverBehind: Int64 = 0
  /// Whether the client handed back a deadline without acting on it (see `StallGuard`).
  var stalled = false

  init(
    _ configuration: IRCClient.Configuration = .init(nick: "alice", channels: ["#chat"]),
    saslCrypto: (any IRCSASLCrypto)? = nil, saslNonce: String? = nil
  ) {
    client = IRCClient(configuration: configuration, at: time, saslCrypto: saslCrypto)
    take(client.start(at: time, saslNonce: saslNonce))
  }

  /// A client already registered on an InspIRCd with every capability chat asks for.
  static func inspircd(
    channels: [String] = ["#chat"], pacing: IRCTokenBucket.Settings = .unlimited
  ) -> IRCWire {
    var wire = IRCWire(.init(nick: "alice", channels: channels, pacing: pacing))
    wire.server(
      ":irc1.test CAP * LS :batch cap-notify echo-message labeled-response message-tags server-time"
    )
    wire.server(
      "@time=2026-12-01T09:12:28.923Z :irc1.test CAP alice ACK :echo-message message-tags server-time labeled-response batch"
    )
    wire.server(
      ":irc1.test 001 alice :Welcome to the Test IRC Network alice!alice@127.0.0.1", after: 1000)
    for channel in channels { wire.server(":alice!alice@127.0.0.1 JOIN :\(channel)") }
    wire.reset()
    return wire
  }

  /// A client registered on an ngircd: no echo-message, no tags.
  static func ngircd(pacing: IRCTokenBucket.Settings = .unlimited) -> IRCWire {
    var wire = IRCWire(.init(nick: "alice", channels: ["#chat"], pacing: pacing))
    wire.server(":irc.test CAP * LS :multi-prefix")
    wire.server(":irc.test 001 alice :Welcome to the Internet Relay Network alice!~alice@localhost")
    wire.server(":alice!~alice@localhost JOIN :#chat")
    wire.reset()
    return wire
  }

  /// Bytes from the server, framed as the session frames them, now.
  mutating func receive(bytes: some BidirectionalCollection<UInt8>) {
    take(client.receive(bytes: bytes, framedBy: &framer, at: time))
  }

  mutating func take(_ output: IRCOutput) {
    sensitive.formUnion(output.sensitiveLines.map { $0 + lines.count })
    lines += output.lines
    lineTimes += output.lines.map { _ in time }
    events += output.events
    closed = closed || output.closeConnection
    guard answersPings else { return }
    for line in output.lines where line.hasPrefix("PING ") {
      take(client.receive(line: ":irc.test PONG irc.test :" + line.dropFirst(5), at: time))
    }
  }

  mutating func reset() {
    lines.removeAll()
    lineTimes.removeAll()
    sensitive.removeAll()
    events.removeAll()
  }

  mutating func server(
    _ line: String, after milliseconds: Int64 = 0,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    wait(milliseconds, sourceLocation: sourceLocation)
    take(client.receive(line: line, at: time))
  }

  mutating func user(
    _ intent: IRCIntent, after milliseconds: Int64 = 0,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    wait(milliseconds, sourceLocation: sourceLocation)
    take(client.perform(intent, at: time))
  }

  /// Lets `milliseconds` pass, stopping at every deadline on the way as the runtime would;
  /// a deadline the client hands back without acting on it fails the test at once.
  mutating func wait(_ milliseconds: Int64, sourceLocation: SourceLocation = #_sourceLocation) {
    let end = time.advanced(byMilliseconds: milliseconds)
    var stall = StallGuard()
    while !stalled, let deadline = client.nextDeadline, deadline <= end {
      time = max(time, deadline)
      let output = client.advance(to: time)
      let progressed = !output.lines.isEmpty || !output.events.isEmpty || output.closeConnection
      take(output)
      // Once stuck, the rest of the test only steps the clock: one issue, not one a call.
      stalled = stall.isStalled(
        at: deadline, progressed: progressed, sourceLocation: sourceLocation)
    }
    time = end
    take(client.advance(to: time))
  }

  static func id(_ number: Int) -> UUID {
    UUID(uuidString: "00000000-0000-0000-0000-\(String(number, radix: 16).leftPadded(12))")!
  }
}

extension String {
  fileprivate func leftPadded(_ width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
