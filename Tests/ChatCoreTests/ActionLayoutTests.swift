import ChatCore
import Testing

/// The loop copies an action or an effect for every line typed and every line received, so
/// their size is the size of the largest case: one rare case with a big payload held inline
/// (a `/whois` block made `Action` 216 bytes, and the piped pipeline 10 % slower) costs every
/// action. A large payload goes behind `indirect`.
@Suite struct ActionLayoutTests {
  @Test func anActionStaysSmallWhateverItsRarestCaseCarries() {
    #expect(MemoryLayout<Action>.size <= 80)
    #expect(MemoryLayout<Request>.size <= 40)
    #expect(MemoryLayout<SessionReply>.size <= 8)
  }

  @Test func anEffectStaysSmallWhateverItsRarestCaseCarries() {
    #expect(MemoryLayout<Effect>.size <= 80)
    #expect(MemoryLayout<Notice>.size <= 80)
  }
}
