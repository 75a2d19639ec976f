import ChatCore

/// What the server sends: bytes, lines and the end of the stream.
extension IRCClient {
  /// Takes bytes read from the socket.
  public mutating func receive(bytes: some BidirectionalCollection<UInt8>, at time: Timestamp)
    -> IRCOutput
  {
    var output = IRCOutput()
    for item in lineBuffer.append(bytes) {
      output.append(receive(item, at: time))
    }
    if lineBuffer.isDiscarding {
      output.append(overlongLineArriving(maximumLineBytes: lineBuffer.maximumLineBytes, at: time))
    }
    return output
  }

  /// Takes one line the server sent, without its CR LF.
  public mutating func receive(line: String, at time: Timestamp) -> IRCOutput {
    receive(.line(line), at: time)
  }

  /// The server closed the connection (end of stream, or a read error described by `reason`).
  public mutating func connectionClosed(reason: String, at time: Timestamp) -> IRCOutput {
    var output = IRCOutput()
    for item in lineBuffer.finish() {
      output.append(receive(item, at: time))
    }
    advanceClock(to: time)
    let during = phase == .registering ? " during registration" : ""
    if phase != .disconnected, phase != .idle { disconnect(reason: reason + during, into: &output) }
    return output
  }

  /// Takes one item of the stream as `IRCLineBuffer` split it: for a session (or a replay)
  /// that splits the stream itself, to record the lines.
  public mutating func receive(_ item: IRCLineBuffer.Item, at time: Timestamp) -> IRCOutput {
    var output = IRCOutput()
    guard phase != .idle, phase != .disconnected else { return output }
    advanceClock(to: time, into: &output)
    lastReceived = now
    heardFromServer = true
    switch item {
    case .tooLong(let count):
      statistics.oversizedLines += 1
      overflowReported = false
      ignored("a line of \(count) bytes is over the limit: dropped", into: &output)
    case .line(let line):
      do {
        let message = try IRCMessage(parsing: line)
        if !reconciliation.carried.isEmpty { noteServerClock(message) }
        handleGrouping(message, into: &output)
      } catch {
        statistics.malformedLines += 1
        ignored(error.description, into: &output)
      }
    }
    pump(into: &output)
    return output
  }
}
