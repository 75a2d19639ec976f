import Testing

@testable import ChatCore

@Suite(.timeLimit(.minutes(10))) struct MessageKeySetTests {
  /// Random keys, the all-zero key that marks an empty slot, and keys alike in all but one
  /// word: the set holds exactly what went in, through every doubling of its table.
  @Test func holdsExactlyTheKeysInsertedThroughEveryGrowth() {
    var generator = SystemRandomNumberGenerator()
    var keys: [MessageKey] = [.zero, MessageKey(high: 0, low: 1), MessageKey(high: 1, low: 0)]
    keys += (0..<500).map { MessageKey(high: 7, low: UInt64($0) << 32) }
    keys += (0..<20_000).map { _ in
      MessageKey(high: generator.next(), low: generator.next())
    }
    var set = MessageKeySet()
    var reference: Set<MessageKey> = []
    for (position, key) in keys.enumerated() {
      let inserted = set.insert(key)
      #expect(inserted == reference.insert(key).inserted)
      #expect(set.count == reference.count)
      if position % 97 == 0 {
        let absent = MessageKey(high: generator.next(), low: generator.next())
        #expect(set.contains(absent) == reference.contains(absent))
      }
    }
    #expect(keys.allSatisfy { set.contains($0) })
    let zeroAgain = set.insert(.zero)
    let randomAgain = set.insert(keys[1000])
    #expect(!zeroAgain && !randomAgain)
    #expect(set.count == reference.count)
  }

  @Test func anEmptySetHoldsNothingNotEvenTheZeroKey() {
    let set = MessageKeySet()
    #expect(!set.contains(.zero))
    #expect(!set.contains(MessageKey(high: 1, low: 2)))
    #expect(set.count == 0)
  }
}
