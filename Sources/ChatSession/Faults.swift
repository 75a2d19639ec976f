/// What can go wrong on the simulated network, seeded and deterministic like everything else.
///
/// Written and parsed as a spec such as `drop=0.1,duplicate=0.05,jitter=80ms,disconnect=0.01`.
public struct Faults: Equatable, Sendable, CustomStringConvertible {
  /// Chance that a send, an echo or a reply is lost.
  public var drop = 0.0
  /// Chance that an echo or a reply is delivered twice.
  public var duplicate = 0.0
  /// The echo and reply delays vary by up to this many milliseconds either way.
  public var jitterMilliseconds: Int64 = 0
  /// Chance, for each send, that the connection goes down (and the send with it).
  public var disconnect = 0.0
  /// How long the connection stays down before it is back.
  public var downtimeMilliseconds: Int64 = 800

  /// No faults: the seed's perfect network.
  public init() {}

  /// Whether anything can go wrong.
  public var isEmpty: Bool { self == Faults() }

  /// Reads a spec: comma-separated `key=value` pairs; keys `drop`, `duplicate`, `disconnect`
  /// (probabilities from 0 to 1), `jitter` and `downtime` (milliseconds, `ms` optional).
  public init(parsing spec: String) throws(FaultsError) {
    for pair in spec.split(separator: ",", omittingEmptySubsequences: true) {
      let parts = pair.split(separator: "=", maxSplits: 1).map {
        String($0).trimmingWhitespace()
      }
      guard parts.count == 2 else { throw .malformed(String(pair)) }
      let (key, value) = (parts[0], parts[1])
      switch key {
      case "drop": drop = try Self.probability(value, key)
      case "duplicate": duplicate = try Self.probability(value, key)
      case "disconnect": disconnect = try Self.probability(value, key)
      case "jitter": jitterMilliseconds = try Self.milliseconds(value, key)
      case "downtime": downtimeMilliseconds = try Self.milliseconds(value, key)
      default: throw .unknownKey(key)
      }
    }
  }

  public var description: String {
    "drop=\(drop),duplicate=\(duplicate),jitter=\(jitterMilliseconds)ms,"
      + "disconnect=\(disconnect),downtime=\(downtimeMilliseconds)ms"
  }

  private static func probability(_ text: String, _ key: String) throws(FaultsError) -> Double {
    guard let value = Double(text), value >= 0, value <= 1 else {
      throw .invalidValue(key: key, value: text, expected: "a probability from 0 to 1")
    }
    return value
  }

  private static func milliseconds(_ text: String, _ key: String) throws(FaultsError) -> Int64 {
    let digits = text.hasSuffix("ms") ? String(text.dropLast(2)) : text
    guard let value = Int64(digits), value >= 0, value <= 60_000 else {
      throw .invalidValue(key: key, value: text, expected: "milliseconds from 0 to 60000")
    }
    return value
  }
}

/// A fault spec that cannot be read.
public enum FaultsError: Error, Equatable, CustomStringConvertible {
  /// A value out of range or not a number.
  case invalidValue(key: String, value: String, expected: String)
  /// A part that is not `key=value`.
  case malformed(String)
  /// A key that names no fault.
  case unknownKey(String)

  public var description: String {
    switch self {
    case .invalidValue(let key, let value, let expected):
      "invalid fault '\(key)=\(value)': expected \(expected)"
    case .malformed(let part): "invalid fault '\(part)': expected key=value"
    case .unknownKey(let key):
      "unknown fault '\(key)': expected drop, duplicate, jitter, disconnect or downtime"
    }
  }
}

extension String {
  fileprivate func trimmingWhitespace() -> String {
    String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
  }
}
