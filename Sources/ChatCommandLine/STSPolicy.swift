/// An IRCv3 `sts` capability value (`port=6697,duration=2592000,preload`), read as the spec
/// says: unknown keys are ignored; a known key given twice or with a malformed value makes the
/// whole advertisement invalid, and the client then acts as if there were none.
struct STSPolicy: Equatable, Sendable {
  /// `port`: where to connect securely. Meaningful on a plaintext connection.
  var port: UInt16?
  /// `duration`, in seconds: how long to keep connecting securely. Meaningful on a TLS
  /// connection; 0 removes a stored policy.
  var duration: Int64?
  /// `preload`: the network agrees to be listed in preload lists.
  var preload = false

  /// Creates a policy from its parts.
  init(port: UInt16? = nil, duration: Int64? = nil, preload: Bool = false) {
    (self.port, self.duration, self.preload) = (port, duration, preload)
  }

  /// The policy in a capability value, or nil when it is invalid.
  init?(parsing value: some StringProtocol) {
    var seen: Set<Substring> = []
    for token in String(value).split(separator: ",") {
      let parts = token.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let key = parts[0]
      let text = parts.count > 1 ? parts[1] : nil
      guard ["port", "duration", "preload"].contains(key) else { continue }
      guard seen.insert(key).inserted else { return nil }
      switch key {
      case "port":
        guard let text, Self.isDigits(text), let number = UInt16(text), number > 0 else {
          return nil
        }
        port = number
      case "duration":
        guard let text, Self.isDigits(text), let seconds = Int64(text) else { return nil }
        duration = seconds
      default:
        preload = true
      }
    }
  }

  /// What a client does on seeing this policy over a connection that is (or is not) TLS.
  enum Action: Equatable, Sendable {
    /// Plaintext with a port: close, and reconnect with TLS on this port.
    case upgrade(port: UInt16)
    /// TLS with a duration: remember (or, with 0, forget) the policy for the host.
    case persist(durationSeconds: Int64)
  }

  /// The action the spec requires, or nil when the policy says nothing for this connection.
  func action(overTLS: Bool) -> Action? {
    if overTLS { return duration.map { .persist(durationSeconds: $0) } }
    return port.map { .upgrade(port: $0) }
  }

  private static func isDigits(_ text: Substring) -> Bool {
    !text.isEmpty && text.utf8.allSatisfy { (0x30...0x39).contains($0) }
  }
}
