/// A set of message ids that only grows: one generation of `Scrollback`'s recent ids.
///
/// Open addressing with linear probing in a table at most half full (it doubles as it fills),
/// so a lookup reads one or two slots. Hashing a key is one 64×64-bit multiply of its words
/// mixed with a secret, not `Hasher`'s SipHash rounds, which were the largest cost of entering
/// a message. The secret is drawn once per process from `Hasher`'s own random seed, so ids
/// cannot be chosen ahead of time to collide (a peer sending ids made to pile up in one run
/// of slots). An array, a count and a flag, so that a copy of `Scrollback` stays cheap.
struct MessageKeySet: Sendable {
  private var slots = [MessageKey](repeating: .zero, count: 16)
  /// How many distinct keys it holds.
  private(set) var count = 0
  /// The key `(0, 0)` marks an empty slot, so that one is remembered apart.
  private var holdsZero = false

  /// Two words from `Hasher`'s per-process random seed.
  private static let secret: MessageKey = {
    var first = Hasher()
    first.combine(0x6368_6174 as UInt64)  // Any fixed input: the seed makes it secret.
    var second = Hasher()
    second.combine(0x6b65_7973 as UInt64)
    return MessageKey(
      high: UInt64(UInt(bitPattern: first.finalize())) | 1,
      low: UInt64(UInt(bitPattern: second.finalize())) | 1)
  }()

  /// Adds `key`; false when it was there already. Amortised O(1).
  @discardableResult
  mutating func insert(_ key: MessageKey) -> Bool {
    if key == .zero {
      guard !holdsZero else { return false }
      holdsZero = true
      count += 1
      return true
    }
    if 2 * (count + 1) > slots.count { grow() }
    let mask = slots.count &- 1
    var index = Self.slot(of: key, mask: mask)
    while true {
      let present = slots[index]
      if present == key { return false }
      if present == .zero {
        slots[index] = key
        count += 1
        return true
      }
      index = (index &+ 1) & mask
    }
  }

  /// Forgets every key, keeping the table's size.
  mutating func removeAll() {
    slots.withUnsafeMutableBufferPointer { $0.update(repeating: .zero) }
    count = 0
    holdsZero = false
  }

  /// Whether `key` was inserted. O(1).
  func contains(_ key: MessageKey) -> Bool {
    if key == .zero { return holdsZero }
    let mask = slots.count &- 1
    var index = Self.slot(of: key, mask: mask)
    while true {
      let present = slots[index]
      if present == key { return true }
      if present == .zero { return false }
      index = (index &+ 1) & mask
    }
  }

  /// Doubles the table and puts every key back.
  private mutating func grow() {
    let old = slots
    slots = [MessageKey](repeating: .zero, count: 2 * old.count)
    let mask = slots.count &- 1
    for key in old where key != .zero {
      var index = Self.slot(of: key, mask: mask)
      while slots[index] != .zero { index = (index &+ 1) & mask }
      slots[index] = key
    }
  }

  @inline(__always)
  private static func slot(of key: MessageKey, mask: Int) -> Int {
    let secret = Self.secret
    let product = (key.high ^ secret.high).multipliedFullWidth(by: key.low ^ secret.low)
    return Int(truncatingIfNeeded: product.high ^ product.low) & mask
  }
}

extension MessageKey {
  /// The all-zero id, which also marks an empty slot in `MessageKeySet`.
  static let zero = MessageKey(high: 0, low: 0)
}
