/// One thing that happened on an IRC session's link, as `--record` keeps it and a replay
/// plays it back: everything the protocol client was fed, and nothing secret.
public enum IRCLinkEvent: Hashable, Sendable {
  /// A connection attempt began (a dial, or a reconnect).
  case dialing
  /// The connection is up (TCP, and the TLS handshake): registration begins.
  case connected
  /// The server sent a line (or one over the length cap, dropped unread).
  case received(IRCLineBuffer.Item)
  /// A line still arriving grew past the cap of `maximumLineBytes`: from here it is dropped
  /// as it comes (the client says so now; its `.tooLong` item follows at its end).
  case overflowing(maximumLineBytes: Int)
  /// chat wrote a line, with a SASL response redacted (`IRCOutput.redactedLines`). For the
  /// reader of a recording only: a replay makes its own lines.
  case wrote(String)
  /// The link was lost or ended, for `reason` (end of stream, a read error).
  case closed(reason: String)
  /// A connection attempt failed for `reason`; `retrying` says whether another follows.
  case failed(reason: String, retrying: Bool)
  /// chat closed the link itself: the server did not close it in time after `QUIT`.
  case hungUp
}
