import ChatCore
import Testing

@testable import ChatIRC

@Suite(.timeLimit(.minutes(10))) struct IRCServerTimeTests {
  /// What `CHATHISTORY … timestamp=` says: UTC to the millisecond, read back the same.
  @Test(
    arguments: [
      ("1970-01-01T00:00:00.000Z", 0),
      ("2026-12-01T09:12:28.923Z", 1_796_116_348_923),
      ("2024-02-29T00:00:00.000Z", 1_709_164_800_000),
      ("2000-03-01T23:59:59.999Z", 951_955_199_999),
      ("1969-12-31T23:59:59.000Z", -1000),
      ("1969-12-31T23:59:59.999Z", -1),
    ] as [(String, Int64)])
  func writesRFC3339(_ text: String, _ milliseconds: Int64) {
    let time = Timestamp(millisecondsSinceEpoch: milliseconds)
    #expect(IRCServerTime.text(time) == text)
    #expect(IRCServerTime.parse(IRCServerTime.text(time)) == time)
  }

  @Test(
    arguments: [
      ("1970-01-01T00:00:00.000Z", 0),
      ("2025-01-01T12:00:00.000Z", 1_735_732_800_000),
      ("2026-12-01T09:12:28.923Z", 1_796_116_348_923),
      ("2026-12-01T09:12:28Z", 1_796_116_348_000),
      ("2026-12-01T09:12:28.9Z", 1_796_116_348_900),
      ("2026-12-01T09:12:28.923456Z", 1_796_116_348_923),
      ("2026-12-01T10:12:28.923+01:00", 1_796_116_348_923),
      ("2024-02-29T00:00:00.000Z", 1_709_164_800_000),
      ("1969-12-31T23:59:59.000Z", -1000),
    ] as [(String, Int64)])
  func readsRFC3339(_ text: String, _ milliseconds: Int64) {
    #expect(IRCServerTime.parse(text) == Timestamp(millisecondsSinceEpoch: milliseconds))
  }

  @Test(arguments: [
    "", "2026-12-01", "2026-12-01T09:12:28.923", "2026-13-01T09:12:28Z", "2026-12-01 09:12:28Z",
    "2026-12-01T09:12:28.Z", "2026-12-01T09:12:28.923Zjunk", "x026-12-01T09:12:28Z",
    "2026-12-01T24:00:00Z",
  ])
  func refusesWhatIsNotATime(_ text: String) {
    #expect(IRCServerTime.parse(text) == nil)
  }
}
