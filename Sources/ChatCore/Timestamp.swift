/// A moment in time, in whole milliseconds since 1970-01-01T00:00:00Z.
///
/// Milliseconds are the resolution every renderer shows, so keeping them as an integer makes
/// arithmetic exact and formatting cheap. The core never reads a clock: timestamps arrive
/// inside actions, stamped by the runtime's injected clock.
public struct Timestamp: Hashable, Comparable, Sendable, Codable {
  /// Milliseconds since the Unix epoch.
  public var millisecondsSinceEpoch: Int64

  /// Creates a timestamp from milliseconds since the Unix epoch.
  public init(millisecondsSinceEpoch: Int64) {
    self.millisecondsSinceEpoch = millisecondsSinceEpoch
  }

  /// The instant virtual time starts at: 2025-01-01T12:00:00.000Z.
  public static let virtualEpoch = Timestamp(millisecondsSinceEpoch: 1_735_732_800_000)

  /// This timestamp moved by `milliseconds` (negative moves it back).
  public func advanced(byMilliseconds milliseconds: Int64) -> Timestamp {
    Timestamp(millisecondsSinceEpoch: millisecondsSinceEpoch + milliseconds)
  }

  /// Milliseconds from this timestamp to `other` (negative when `other` is earlier).
  public func milliseconds(to other: Timestamp) -> Int64 {
    other.millisecondsSinceEpoch - millisecondsSinceEpoch
  }

  public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
    lhs.millisecondsSinceEpoch < rhs.millisecondsSinceEpoch
  }

  public init(from decoder: any Decoder) throws {
    millisecondsSinceEpoch = try decoder.singleValueContainer().decode(Int64.self)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(millisecondsSinceEpoch)
  }
}
