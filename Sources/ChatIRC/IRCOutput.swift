/// What one step of the protocol state machine produced.
public struct IRCOutput: Hashable, Sendable {
  /// Lines to write to the socket, in order, each without its CR LF.
  public var lines: [String] = []
  /// What happened, in order.
  public var events: [IRCEvent] = []
  /// Whether the session should close the socket now (after writing `lines`).
  public var closeConnection = false

  /// Nothing.
  public init() {}

  /// `lines` as the bytes to write: each with its CR LF.
  public var bytes: [UInt8] {
    var bytes: [UInt8] = []
    for line in lines {
      bytes += line.utf8
      bytes += [0x0D, 0x0A]
    }
    return bytes
  }

  mutating func append(_ other: IRCOutput) {
    lines += other.lines
    events += other.events
    closeConnection = closeConnection || other.closeConnection
  }
}
