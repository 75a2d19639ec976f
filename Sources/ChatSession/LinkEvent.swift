/// One thing that happened on a session's link, as `chat --record` keeps it and a replay
/// plays it back: everything the protocol was fed, and nothing secret. It names no protocol:
/// a line-based link (IRC's today) reports it, the loop relays it (`LinkReport`), and the
/// recording format writes it, without any of them knowing the others.
public enum LinkEvent: Hashable, Sendable {
  /// A connection attempt began (a dial, or a reconnect).
  case dialing
  /// The connection is up (TCP, and the TLS handshake): registration begins.
  case connected
  /// The other side sent a line (without its line end).
  case received(String)
  /// The other side sent a line of `byteCount` bytes, over the length cap: dropped unread.
  case oversized(byteCount: Int)
  /// A line still arriving grew past the cap of `maximumLineBytes`: from here it is dropped
  /// as it comes (the session says so now; its `oversized` event follows at its end).
  case overflowing(maximumLineBytes: Int)
  /// The session wrote a line, with a secret redacted (a SASL response). For the reader of a
  /// recording only: a replay makes its own lines.
  case wrote(String)
  /// The link was lost or ended, for `reason` (end of stream, a read error).
  case closed(reason: String)
  /// A connection attempt failed for `reason`; `retrying` says whether another follows.
  case failed(reason: String, retrying: Bool)
  /// The session closed the link itself: the other side did not close it in time after it
  /// said goodbye.
  case hungUp
}
