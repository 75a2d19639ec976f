/// An IRCv3 Strict Transport Security policy (the `sts` capability's value).
///
/// The value is a comma-separated list of `key[=value]` tokens; unknown keys are ignored, as
/// the spec demands. `port` matters on a plaintext connection (reconnect there over TLS),
/// `duration` on a verified TLS one (only TLS to this host for that many seconds).
public struct IRCSTSPolicy: Hashable, Sendable {
  /// The host the policy is for, as dialled.
  public var host: String
  /// The TLS port: where to reconnect (upgrade), or the port to use while it lasts.
  public var port: Int
  /// Seconds the policy lasts from now; 0 removes a stored policy.
  public var durationSeconds: Int
  /// Whether the server agrees to be on preload lists.
  public var preload: Bool

  /// Creates a policy.
  public init(host: String, port: Int, durationSeconds: Int, preload: Bool = false) {
    self.host = host
    self.port = port
    self.durationSeconds = durationSeconds
    self.preload = preload
  }

  /// What an `sts` value says: each part nil when absent or malformed.
  struct Value: Hashable, Sendable {
    var port: Int?
    var durationSeconds: Int?
    var preload = false

    /// Parses `port=6697,duration=2592000,preload`. A port outside 1...65535 or a duration
    /// that is not a non-negative decimal number counts as absent.
    init(parsing text: String) {
      for token in text.split(separator: ",") {
        let parts = token.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let value = parts.count > 1 ? parts[1] : nil
        switch parts[0] {
        case "port":
          if let number = value.flatMap(Self.decimal), (1...65535).contains(number) {
            port = number
          }
        case "duration": durationSeconds = value.flatMap(Self.decimal)
        case "preload": preload = true
        default: break
        }
      }
    }

    /// A decimal number of at most 12 digits (about 30,000 years of seconds).
    private static func decimal(_ text: Substring) -> Int? {
      guard !text.isEmpty, text.utf8.count <= 12,
        text.utf8.allSatisfy({ (0x30...0x39).contains($0) })
      else { return nil }
      return Int(text)
    }
  }
}
