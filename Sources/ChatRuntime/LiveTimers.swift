import ChatCore
import FoundationEssentials

/// The generation of each live timer, by timer: what `Dictionary<Timer, UInt64>` was to the
/// loop, without `Hasher`.
///
/// The loop asks on every send, echo and fired timer, and `Hasher`'s SipHash rounds were most
/// of the cost. Open addressing with linear probing in a table at most half full: a slot is
/// found by one 64×64-bit multiply of the timer's id words mixed with a secret drawn once per
/// process from `Hasher`'s random seed (as `MessageKeySet` does, so a peer cannot pick ids
/// that pile up), and a removal shifts the run after it back, so no slot is ever a tombstone.
/// Generations start at 1: 0 marks an empty slot.
struct LiveTimers {
  private struct Slot {
    var high: UInt64 = 0
    var low: UInt64 = 0
    var generation: UInt64 = 0
  }

  private var slots = [Slot](repeating: Slot(), count: 16)
  /// How many timers are live.
  private(set) var count = 0

  private static let secret: (UInt64, UInt64) = {
    var first = Hasher()
    first.combine(0x7469_6d65 as UInt64)  // Any fixed input: the seed makes it secret.
    var second = Hasher()
    second.combine(0x7273_6b79 as UInt64)
    return (
      UInt64(UInt(bitPattern: first.finalize())) | 1,
      UInt64(UInt(bitPattern: second.finalize())) | 1
    )
  }()

  /// The live generation of `timer`; nil when it is not live. Setting nil removes it.
  subscript(timer: Timer) -> UInt64? {
    get {
      let (high, low) = Self.words(of: timer)
      guard let index = find(high, low) else { return nil }
      return slots[index].generation
    }
    set {
      let (high, low) = Self.words(of: timer)
      if let generation = newValue {
        precondition(generation != 0, "timer generations start at 1")
        insert(high, low, generation)
      } else if let index = find(high, low) {
        remove(at: index)
      }
    }
  }

  private func find(_ high: UInt64, _ low: UInt64) -> Int? {
    let mask = slots.count &- 1
    var index = Self.slot(high, low, mask: mask)
    while slots[index].generation != 0 {
      if slots[index].high == high, slots[index].low == low { return index }
      index = (index &+ 1) & mask
    }
    return nil
  }

  private mutating func insert(_ high: UInt64, _ low: UInt64, _ generation: UInt64) {
    if let index = find(high, low) {
      slots[index].generation = generation
      return
    }
    if 2 * (count + 1) > slots.count { grow() }
    place(Slot(high: high, low: low, generation: generation))
    count += 1
  }

  /// Puts `slot` in the first free slot of its run; the key must not be present.
  private mutating func place(_ slot: Slot) {
    let mask = slots.count &- 1
    var index = Self.slot(slot.high, slot.low, mask: mask)
    while slots[index].generation != 0 { index = (index &+ 1) & mask }
    slots[index] = slot
  }

  /// Empties the slot at `index` and moves back every later slot of the run that would no
  /// longer be found past the gap.
  private mutating func remove(at index: Int) {
    let mask = slots.count &- 1
    var gap = index
    var next = (index &+ 1) & mask
    while slots[next].generation != 0 {
      let home = Self.slot(slots[next].high, slots[next].low, mask: mask)
      // The slot at `next` may fill the gap unless its home lies after the gap, up to `next`
      // (cyclically): then it sits where it is found already.
      let staysPut = gap <= next ? (gap < home && home <= next) : (gap < home || home <= next)
      if !staysPut {
        slots[gap] = slots[next]
        gap = next
      }
      next = (next &+ 1) & mask
    }
    slots[gap] = Slot()
    count -= 1
  }

  /// Doubles the table and puts every live timer back.
  private mutating func grow() {
    let old = slots
    slots = [Slot](repeating: Slot(), count: 2 * old.count)
    for slot in old where slot.generation != 0 { place(slot) }
  }

  @inline(__always)
  private static func words(of timer: Timer) -> (UInt64, UInt64) {
    switch timer {
    case .deliveryTimeout(let id):
      withUnsafeBytes(of: id.uuid) {
        ($0.loadUnaligned(as: UInt64.self), $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
      }
    // No UUID has every bit set (its version and variant bits are fixed), so no message's
    // delivery timeout shares these words.
    case .answerWait: (UInt64.max, UInt64.max)
    case .readMarkers: (UInt64.max, UInt64.max - 1)
    case .typingExpiry: (UInt64.max, UInt64.max - 2)
    case .typingPaused: (UInt64.max, UInt64.max - 3)
    case .typingDue: (UInt64.max, UInt64.max - 4)
    }
  }

  @inline(__always)
  private static func slot(_ high: UInt64, _ low: UInt64, mask: Int) -> Int {
    let product = (high ^ secret.0).multipliedFullWidth(by: low ^ secret.1)
    return Int(truncatingIfNeeded: product.high ^ product.low) & mask
  }
}
