/// A secret (a SASL password) that never shows itself.
///
/// Its `description`, `debugDescription` and mirror (what `print`, string interpolation,
/// `dump` and the debugger show) are all `<redacted>`, so a secret that ends up in a log line,
/// an error message or a dump of the client by mistake still does not leak. Only the SASL
/// payload reads the value, through `withUTF8`.
public struct IRCSecret: Hashable, Sendable {
  private let bytes: [UInt8]

  /// Holds `value`.
  public init(_ value: String) {
    bytes = Array(value.utf8)
  }

  /// Holds `bytes` (for a password read from a file, never turned into a `String`).
  public init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// Whether the secret is empty.
  public var isEmpty: Bool { bytes.isEmpty }

  /// Calls `body` with the secret's bytes; they must not outlive the call. Public for the
  /// crypto that must read a secret itself (a SASL key's signer).
  public func withUTF8<Result>(_ body: ([UInt8]) throws -> Result) rethrows -> Result {
    try body(bytes)
  }
}

extension IRCSecret: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
  /// `<redacted>`, whatever the secret.
  public var description: String { "<redacted>" }
  /// `<redacted>`, whatever the secret.
  public var debugDescription: String { "<redacted>" }
  /// A mirror without children, so `dump` and reflection see nothing but `<redacted>`.
  public var customMirror: Mirror {
    Mirror(self, children: ["value": "<redacted>"], displayStyle: .struct)
  }
}
