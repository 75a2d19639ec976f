import FoundationEssentials

extension UUID {
  /// The UUID as two words, for hashing: `UUID`'s own `hash(into:)` feeds its 16 bytes
  /// through the generic byte path, which was the largest cost of the per-message id sets.
  var words: (UInt64, UInt64) {
    withUnsafeBytes(of: uuid) {
      ($0.loadUnaligned(as: UInt64.self), $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
    }
  }
}

/// A message id in a form that hashes quickly; equal exactly when the UUIDs are equal.
struct MessageKey: Hashable, Sendable {
  let high: UInt64
  let low: UInt64

  init(_ id: UUID) {
    (high, low) = id.words
  }

  init(high: UInt64, low: UInt64) {
    self.high = high
    self.low = low
  }
}
