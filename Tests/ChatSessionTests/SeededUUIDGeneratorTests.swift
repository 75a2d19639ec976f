import ChatSession
import FoundationEssentials
import Testing

@Suite(.timeLimit(.minutes(10))) struct SeededUUIDGeneratorTests {
  private func uuids(seed: UInt64, stream: UInt64 = 0, count: Int = 20) -> [UUID] {
    var generator = SeededUUIDGenerator(seed: seed, stream: stream)
    return (0..<count).map { _ in generator.next() }
  }

  @Test func sameSeedGivesTheSameUUIDs() {
    #expect(uuids(seed: 42) == uuids(seed: 42))
  }

  @Test func differentSeedsAndStreamsGiveDifferentUUIDs() {
    #expect(Set(uuids(seed: 1)).isDisjoint(with: uuids(seed: 2)))
    #expect(Set(uuids(seed: 1)).isDisjoint(with: uuids(seed: 1, stream: 1)))
  }

  @Test func uuidsAreVersionFourWithTheRFCVariantAndDistinct() {
    let all = uuids(seed: 3, count: 1000)
    #expect(Set(all).count == all.count)
    for uuid in all {
      let text = uuid.uuidString
      let version = text[text.index(text.startIndex, offsetBy: 14)]
      let variant = text[text.index(text.startIndex, offsetBy: 19)]
      #expect(version == "4", "\(text)")
      #expect("89AB".contains(variant), "\(text)")
    }
  }
}
