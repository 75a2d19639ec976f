extension NameRules {
  /// Which letters compare equal in names: the one fold the core and the IRC protocol share
  /// (IRC's ISUPPORT `CASEMAPPING`), so the two can never disagree on whether two nicks are
  /// one. Only ASCII bytes fold, as on IRC servers.
  public enum CaseMapping: String, Hashable, Sendable, CaseIterable {
    /// `A`–`Z` equal `a`–`z`; nothing else is folded.
    case ascii
    /// As `ascii`, and `[\]^` equal `{|}~`: IRC's default (RFC 1459's Scandinavian letters,
    /// as servers implement it: bytes 0x41–0x5E fold to 0x61–0x7E).
    case rfc1459
    /// As `ascii`, and `[\]` equal `{|}` (but `^` is not `~`): bytes 0x41–0x5D fold.
    case strictRFC1459 = "strict-rfc1459"

    /// `name` with every upper-case character of this mapping made lower-case.
    ///
    /// A name with nothing to fold (the usual case) is returned as it is, sharing its
    /// storage, so comparing it with the original is a pointer check.
    public func folded(_ name: String) -> String {
      let upperEnd = upperEnd
      guard name.utf8.contains(where: { $0 >= 0x41 && $0 <= upperEnd }) else { return name }
      return fold(name.utf8, upperEnd)
    }

    /// `name` with every upper-case character of this mapping made lower-case.
    public func folded(_ name: some StringProtocol) -> String {
      let upperEnd = upperEnd
      guard name.utf8.contains(where: { $0 >= 0x41 && $0 <= upperEnd }) else { return String(name) }
      return fold(name.utf8, upperEnd)
    }

    /// Whether `a` and `b` name the same nick or channel under this mapping.
    public func equal(_ a: some StringProtocol, _ b: some StringProtocol) -> Bool {
      a.utf8.count == b.utf8.count && folded(a) == folded(b)
    }

    /// Whether the bytes of `wanted` (already folded) occur anywhere in `text` once folded.
    /// A nick found as a word by any split of `text` is found here, so false rules it out
    /// without a copy of the text.
    public func contains(folded wanted: String, in text: String) -> Bool {
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

    /// The last byte folded by adding 0x20 (from `A`, 0x41).
    private var upperEnd: UInt8 {
      switch self {
      case .ascii: 0x5A
      case .rfc1459: 0x5E
      case .strictRFC1459: 0x5D
      }
    }

    private func fold(_ bytes: some Collection<UInt8>, _ upperEnd: UInt8) -> String {
      String(
        decoding: bytes.map { $0 >= 0x41 && $0 <= upperEnd ? $0 + 0x20 : $0 }, as: UTF8.self)
    }
  }
}
