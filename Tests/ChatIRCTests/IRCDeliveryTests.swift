import ChatCore
import FoundationEssentials
import Testing

@testable import ChatIRC

/// The delivery part's books on their own: which in-flight line a label, an echo, an error or
/// a `PONG` is about.
@Suite(.timeLimit(.minutes(10)))
struct IRCDeliveryTests {
  static let mapping = NameRules.CaseMapping.rfc1459

  static func line(
    _ number: Int, to target: String = "#chat", text: String = "hi", isAction: Bool = false,
    label: String = "", by confirmation: IRCInFlightLine.Confirmation, sequence: Int = 0
  ) -> IRCInFlightLine {
    var line = IRCInFlightLine(
      id: UUID(uuid: (UInt8(number), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)), part: 0,
      parts: 1, target: target, text: text, isAction: isAction, label: label)
    line.confirmation = confirmation
    line.sequence = sequence
    return line
  }

  static func delivery(_ lines: [IRCInFlightLine]) -> IRCDelivery {
    var delivery = IRCDelivery(pacing: .unlimited, at: .virtualEpoch)
    delivery.inFlight = lines
    return delivery
  }

  @Test func aLabelFindsOnlyTheLabeledLineWithIt() {
    var delivery = Self.delivery([
      Self.line(1, label: "a", by: .echo), Self.line(2, label: "a", by: .label),
    ])
    #expect(delivery.removeLabeled("b") == nil)
    #expect(delivery.removeLabeled("a")?.id == Self.line(2, by: .label).id)
    #expect(delivery.removeLabeled("a") == nil)
    #expect(delivery.inFlight.count == 1)
  }

  @Test func anEchoFindsTheOldestLineOfTheSameKindTargetAndText() {
    var delivery = Self.delivery([
      Self.line(1, isAction: true, by: .echo), Self.line(2, to: "#Chat", by: .echo),
      Self.line(3, by: .echo),
    ])
    let plain = delivery.removeEchoed(
      target: "#chat", text: "hi", isAction: false, mapping: Self.mapping)
    let action = delivery.removeEchoed(
      target: "#CHAT", text: "hi", isAction: true, mapping: Self.mapping)
    let other = delivery.removeEchoed(
      target: "#chat", text: "ho", isAction: false, mapping: Self.mapping)
    #expect(plain?.id == Self.line(2, by: .echo).id)
    #expect(action?.id == Self.line(1, by: .echo).id)
    #expect(other == nil)
  }

  @Test func anUnlabeledErrorFailsTheOldestUnlabeledLineToItsTarget() {
    var delivery = Self.delivery([
      Self.line(1, to: "#a", label: "x", by: .label), Self.line(2, to: "#b", by: .pong),
      Self.line(3, to: "#a", by: .pong),
    ])
    let toA = delivery.removeOldestUnlabeled(to: "#A", mapping: Self.mapping)
    let any = delivery.removeOldestUnlabeled(to: nil, mapping: Self.mapping)
    let none = delivery.removeOldestUnlabeled(to: nil, mapping: Self.mapping)
    #expect(toA?.id == Self.line(3, by: .pong).id)
    #expect(any?.id == Self.line(2, by: .pong).id)
    #expect(none == nil, "a labeled line is failed by its label only")
  }

  @Test func aPongConfirmsTheLinesWrittenBeforeItsPing() {
    var delivery = Self.delivery([
      Self.line(1, by: .pong, sequence: 1), Self.line(2, by: .echo, sequence: 2),
      Self.line(3, by: .pong, sequence: 3),
    ])
    delivery.pings["t"] = .init(sentAt: .virtualEpoch, covers: 2)
    #expect(delivery.pongReceived("other") == nil)
    let answer = delivery.pongReceived("t")
    #expect(answer?.confirmed.map(\.sequence) == [1])
    #expect(delivery.inFlight.map(\.sequence) == [2, 3])
    #expect(delivery.pongReceived("t") == nil)
  }
}
