import FoundationEssentials

/// The `Message.id` of a message received from an IRC server.
///
/// A message with a server `msgid` gets a UUID derived from it, and from nothing else, by a
/// stable hash (two 64-bit FNV-1a sums of `irc-msgid:` and the msgid's bytes, with the UUID
/// version 8 and RFC 9562 variant bits set): the same msgid always gives the same id, in every
/// run, so the core shows a message the server delivers twice (a history replay, a
/// reconnect) once. A message without a msgid (servers without `message-tags`) gets the
/// session's next seeded id: it cannot be recognised again. The user's own messages keep
/// the id chat gave them when they were typed; their echo's msgid is not used as their id.
public enum IRCMessageID {
  /// The UUID for the server message id `msgid`.
  public static func uuid(forMessageID msgid: String) -> UUID {
    // The prefix and the msgid hashed one after the other: the same sums as over their
    // concatenation, without building it.
    let prefix = "irc-msgid:".utf8
    let high = fnv1a(msgid.utf8, basis: fnv1a(prefix, basis: 0xCBF2_9CE4_8422_2325))
    let low = fnv1a(msgid.utf8, basis: fnv1a(prefix, basis: 0x8422_2325_CBF2_9CE4))
    func byte(_ word: UInt64, _ index: Int) -> UInt8 {
      UInt8(truncatingIfNeeded: word >> (56 - 8 * index))
    }
    return UUID(
      uuid: (
        byte(high, 0), byte(high, 1), byte(high, 2), byte(high, 3),
        byte(high, 4), byte(high, 5), byte(high, 6) & 0x0F | 0x80, byte(high, 7),
        byte(low, 0) & 0x3F | 0x80, byte(low, 1), byte(low, 2), byte(low, 3),
        byte(low, 4), byte(low, 5), byte(low, 6), byte(low, 7)
      ))
  }

  private static func fnv1a(_ bytes: String.UTF8View, basis: UInt64) -> UInt64 {
    var hash = basis
    for byte in bytes {
      hash ^= UInt64(byte)
      hash &*= 0x0000_0100_0000_01B3
    }
    return hash
  }
}
