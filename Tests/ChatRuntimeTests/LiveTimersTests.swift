import ChatCore
import FoundationEssentials
import Testing

@testable import ChatRuntime

/// `LiveTimers` stands in for a `Dictionary<Timer, UInt64>`: it must answer as one would
/// through any mix of starts, restarts, cancels and lookups, as its table grows and its runs
/// of slots close up behind removals.
@Suite(.timeLimit(.minutes(10))) struct LiveTimersTests {
  private func timer(_ number: Int) -> Timer {
    var bytes = [UInt8](repeating: 0, count: 16)
    bytes[0] = UInt8(truncatingIfNeeded: number)
    bytes[15] = UInt8(truncatingIfNeeded: number >> 8)
    let uuid = bytes.withUnsafeBytes { $0.loadUnaligned(as: uuid_t.self) }
    return .deliveryTimeout(UUID(uuid: uuid))
  }

  @Test(arguments: [1, 7, 40, 300])
  func answersAsADictionaryWouldThroughRandomChanges(keys: Int) {
    var generator = SplitMix(seed: UInt64(keys))
    var table = LiveTimers()
    var model: [Timer: UInt64] = [:]
    var generation: UInt64 = 0
    for _ in 0..<20_000 {
      let key = timer(Int(generator.next() % UInt64(keys)))
      switch generator.next() % 3 {
      case 0:
        generation += 1
        table[key] = generation
        model[key] = generation
      case 1:
        table[key] = nil
        model[key] = nil
      default:
        #expect(table[key] == model[key])
      }
      #expect(table.count == model.count)
    }
    for number in 0..<keys { #expect(table[timer(number)] == model[timer(number)]) }
  }

  @Test func findsEveryTimerAfterRemovingEachOfAFullRun() {
    for removed in 0..<200 {
      var table = LiveTimers()
      for number in 0..<200 { table[timer(number)] = UInt64(number + 1) }
      table[timer(removed)] = nil
      for number in 0..<200 {
        #expect(table[timer(number)] == (number == removed ? nil : UInt64(number + 1)))
      }
    }
  }
}

/// A small seeded generator, so a failing sequence can be run again.
private struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
