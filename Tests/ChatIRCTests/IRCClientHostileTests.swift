import ChatCore
import ChatIRC
import Testing

/// What a hostile server's lines make the client say: drops and give-ups are reported, never
/// silent, and a flood of bad lines gets a bounded number of notices.
@Suite(.timeLimit(.minutes(10)))
struct IRCClientHostileTests {
  static func ignoredReasons(_ events: [IRCEvent]) -> [String] {
    events.compactMap { if case .lineIgnored(let reason) = $0 { reason } else { nil } }
  }

  @Test func aNulInALineBecomesAReplacementCharacterAndTheMessageArrives() {
    var buffer = IRCLineBuffer()
    let items = buffer.append(Array("PRIVMSG #c :nul".utf8) + [0] + Array("here\r\n".utf8))
    #expect(items == [.line("PRIVMSG #c :nul\u{FFFD}here")])
  }

  @Test func aLineGrowingPastTheCapIsReportedAtOnceAndAgainWhenItEnds() {
    var wire = IRCWire.inspircd()
    wire.receive(bytes: [UInt8](repeating: 0x61, count: 9000))
    #expect(
      Self.ignoredReasons(wire.events) == [
        "a line from the server is over the limit of 8701 bytes: dropping it as it arrives"
      ])
    wire.receive(bytes: [UInt8](repeating: 0x61, count: 9000))
    #expect(Self.ignoredReasons(wire.events).count == 1, "one notice for one line")
    wire.wait(1000)
    wire.receive(bytes: [0x0D, 0x0A])
    #expect(
      Self.ignoredReasons(wire.events).last == "a line of 18000 bytes is over the limit: dropped")
  }

  @Test func aLineThatNeverEndsLosesTheLinkToTheKeepaliveAfterNinetySeconds() {
    var wire = IRCWire.inspircd()
    let chunk = [UInt8](repeating: 0x61, count: 64 * 1024)
    for second in 1...100 {
      wire.receive(bytes: chunk)
      if second == 61 { #expect(wire.lines.contains { $0.hasPrefix("PING ") }) }
      wire.wait(1000)
      if wire.closed { break }
    }
    #expect(wire.closed)
    #expect(wire.time == Timestamp.virtualEpoch.advanced(byMilliseconds: 1000 + 90_000))
    #expect(wire.events.last == .disconnected(reason: "no answer to PING for 30 s"))
  }

  @Test func ignoredLinesGetAtMostOneNoticeASecondCountingTheRest() {
    var wire = IRCWire.inspircd()
    for _ in 0..<10 { wire.server(":no-command") }
    #expect(Self.ignoredReasons(wire.events).count == 1)
    wire.server(":still-no-command", after: 1000)
    let reasons = Self.ignoredReasons(wire.events)
    #expect(reasons.count == 2)
    #expect(reasons.last?.hasSuffix("(and 9 more lines ignored before it)") == true, "\(reasons)")
    #expect(wire.client.statistics.malformedLines == 11)
  }

  @Test func aServerThatNeverAnswersIsGivenUpAfterThirtySeconds() {
    var wire = IRCWire()
    wire.wait(29_999)
    #expect(!wire.closed)
    wire.wait(1)
    #expect(wire.closed)
    #expect(
      wire.events.last
        == .disconnected(reason: "no answer from the server within 30 s of connecting"))
  }

  @Test func aRegistrationThatStallsIsGivenUpAfterThirtySeconds() {
    var wire = IRCWire()
    wire.server(":irc.test NOTICE * :*** Looking up your hostname...")
    wire.wait(30_000)
    #expect(
      wire.events.last
        == .disconnected(reason: "the server did not complete registration within 30 s"))
  }

  @Test func aRegisteredClientHasNoRegistrationTimeout() {
    var wire = IRCWire.inspircd()
    wire.answersPings = true
    wire.wait(120_000)
    #expect(!wire.closed)
  }

  @Test func aConnectionClosedDuringRegistrationSaysSo() {
    var wire = IRCWire()
    wire.take(
      wire.client.connectionClosed(reason: "the server closed the connection", at: wire.time))
    #expect(
      wire.events.last
        == .disconnected(reason: "the server closed the connection during registration"))
  }
}
