import ChatIRC
import ChatSession

/// A server's line as the link reports it (`IRCSession`) and as a replay feeds it back to the
/// client (`ReplaySession`): the line buffer's items, one for one.
extension LinkEvent {
  /// What the line buffer framed.
  init(_ item: IRCLineBuffer.Item) {
    switch item {
    case .line(let line): self = .received(line)
    case .tooLong(let count): self = .oversized(byteCount: count)
    }
  }

  /// The line buffer's item a received line or an oversized one was; nil for the rest.
  var lineItem: IRCLineBuffer.Item? {
    switch self {
    case .received(let line): .line(line)
    case .oversized(let count): .tooLong(byteCount: count)
    case .dialing, .connected, .overflowing, .wrote, .closed, .failed, .hungUp: nil
    }
  }
}
