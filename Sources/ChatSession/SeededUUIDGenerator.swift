import FoundationEssentials

/// Makes version-4 UUIDs from a seed: the same seed and stream give the same UUIDs.
///
/// SplitMix64 underneath: tiny, fast, and well mixed enough that neighbouring seeds give
/// unrelated sequences. Not for secrets.
public struct SeededUUIDGenerator: Sendable {
  private var state: UInt64

  /// Creates a generator. Different `stream`s of one seed give independent sequences, so the
  /// runtime and the session can each own one without sharing mutable state.
  public init(seed: UInt64, stream: UInt64 = 0) {
    state = seed &+ stream &* 0xD1B5_4A32_D192_ED03
  }

  /// The next 64 random bits.
  public mutating func nextBits() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// The next UUID, with the version-4 and RFC 4122 variant bits set.
  public mutating func next() -> UUID {
    let high = nextBits()
    let low = nextBits()
    func byte(_ word: UInt64, _ index: Int) -> UInt8 {
      UInt8(truncatingIfNeeded: word >> (56 - 8 * index))
    }
    return UUID(
      uuid: (
        byte(high, 0), byte(high, 1), byte(high, 2), byte(high, 3),
        byte(high, 4), byte(high, 5), byte(high, 6) & 0x0F | 0x40, byte(high, 7),
        byte(low, 0) & 0x3F | 0x80, byte(low, 1), byte(low, 2), byte(low, 3),
        byte(low, 4), byte(low, 5), byte(low, 6), byte(low, 7)
      )
    )
  }
}
