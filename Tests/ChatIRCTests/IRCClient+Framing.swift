import ChatCore
import ChatIRC

/// Bytes for a client under test, framed as the session frames them (`IRCSession.feed`): the
/// client keeps no line buffer of its own.
extension IRCClient {
  mutating func receive(
    bytes: some BidirectionalCollection<UInt8>, framedBy framer: inout IRCLineBuffer,
    at time: Timestamp
  ) -> IRCOutput {
    var output = IRCOutput()
    for item in framer.append(bytes) { output.append(receive(item, at: time)) }
    if framer.isDiscarding {
      output.append(overlongLineArriving(maximumLineBytes: framer.maximumLineBytes, at: time))
    }
    return output
  }

  /// The end of the stream: a last line without its newline, then the close.
  mutating func connectionClosed(
    reason: String, framedBy framer: inout IRCLineBuffer, at time: Timestamp
  ) -> IRCOutput {
    var output = IRCOutput()
    for item in framer.finish() { output.append(receive(item, at: time)) }
    output.append(connectionClosed(reason: reason, at: time))
    return output
  }
}
