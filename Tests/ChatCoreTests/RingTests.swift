import Testing

@testable import ChatCore

@Suite(.timeLimit(.minutes(10))) struct RingTests {
  @Test func growingANotFullRingKeepsItsElementsAndAppendsAfterThem() {
    var ring = Ring<Int>(limit: 3)
    ring.append(1)
    ring.append(2)
    ring.setLimit(5)
    for number in 3...6 { ring.append(number) }
    #expect(Array(ring) == [2, 3, 4, 5, 6])
    #expect(ring.limit == 5)
  }

  @Test func shrinkingAWrappedRingKeepsTheNewestInOrder() {
    var ring = Ring<Int>(limit: 4)
    for number in 1...6 { ring.append(number) }  // Wrapped: 3, 4, 5, 6.
    ring.setLimit(2)
    #expect(Array(ring) == [5, 6])
    ring.append(7)
    #expect(Array(ring) == [6, 7])
  }

  @Test func shrinkingANotFullRingToItsCountKeepsEverythingAndThenForgetsTheOldest() {
    var ring = Ring<Int>(limit: 10)
    for number in 1...3 { ring.append(number) }
    ring.setLimit(3)
    #expect(Array(ring) == [1, 2, 3])
    ring.append(4)
    #expect(Array(ring) == [2, 3, 4])
  }

  @Test func growingAWrappedRingKeepsTheOrder() {
    var ring = Ring<Int>(limit: 3)
    for number in 1...5 { ring.append(number) }  // Wrapped: 3, 4, 5.
    ring.setLimit(4)
    ring.append(6)
    ring.append(7)
    #expect(Array(ring) == [4, 5, 6, 7])
  }
}
