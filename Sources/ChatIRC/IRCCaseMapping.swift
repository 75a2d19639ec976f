/// How a server compares nicks and channel names (ISUPPORT `CASEMAPPING`).
public enum IRCCaseMapping: String, Hashable, Sendable, CaseIterable {
  /// `A-Z` are `a-z`.
  case ascii
  /// `ascii`, and `[]\^` are `{}|~`: the default when the server does not say.
  case rfc1459
  /// `ascii`, and `[]\` are `{}|` (but `^` is not `~`).
  case strictRFC1459 = "strict-rfc1459"

  /// `name` with every upper-case character of this mapping made lower-case.
  public func folded(_ name: some StringProtocol) -> String {
    let upperEnd = upperEnd
    guard name.utf8.contains(where: { $0 >= 0x41 && $0 <= upperEnd }) else { return String(name) }
    var bytes = Array(name.utf8)
    for index in bytes.indices where bytes[index] >= 0x41 && bytes[index] <= upperEnd {
      bytes[index] += 0x20
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Whether the bytes of `wanted` (already folded) occur anywhere in `text` once folded.
  /// A nick found as a word by any split of `text` is found here, so false rules it out.
  func contains(folded wanted: String, in text: String) -> Bool {
    let upperEnd = upperEnd
    var (wanted, text) = (wanted, text)
    return wanted.withUTF8 { needle in
      text.withUTF8 { haystack in
        guard needle.count <= haystack.count else { return false }
        guard !needle.isEmpty else { return true }
        for start in 0...(haystack.count - needle.count) {
          var matched = 0
          while matched < needle.count {
            var byte = haystack[start + matched]
            if byte >= 0x41, byte <= upperEnd { byte += 0x20 }
            guard byte == needle[matched] else { break }
            matched += 1
          }
          if matched == needle.count { return true }
        }
        return false
      }
    }
  }

  /// Whether `a` and `b` name the same nick or channel under this mapping.
  public func equal(_ a: some StringProtocol, _ b: some StringProtocol) -> Bool {
    a.utf8.count == b.utf8.count && folded(a) == folded(b)
  }

  /// The last byte folded by adding 0x20 (from `A`, 0x41).
  private var upperEnd: UInt8 {
    switch self {
    case .ascii: 0x5A
    case .rfc1459: 0x5E
    case .strictRFC1459: 0x5D
    }
  }
}
