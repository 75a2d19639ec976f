import ChatCore

/// What the server sends: lines (framed by the session) and the end of the stream.
extension IRCClient {
  /// Takes one line the server sent, without its CR LF.
  public mutating func receive(line: String, at time: Timestamp) -> IRCOutput {
    receive(.line(line), at: time)
  }

  /// The server closed the connection (end of stream, or a read error described by `reason`);
  /// a last line without its newline is to be taken (`IRCLineBuffer.finish()`) before.
  public mutating func connectionClosed(reason: String, at time: Timestamp) -> IRCOutput {
    var output = IRCOutput()
    advanceClock(to: time)
    let during = phase == .registering ? " during registration" : ""
    if isConnected { disconnect(reason: reason + during, into: &output) }
    return output
  }

  /// The session closed the link itself after our `QUIT`, the server not having closed it in
  /// time: over for good, with nothing more to report (everything sent had settled before
  /// chat asked to leave).
  public mutating func hungUp() {
    phase = .left
  }

  /// Takes one item of the stream as `IRCLineBuffer` split it. The client keeps no buffer of
  /// its own: the session frames the stream (once, to record the lines too) and hands it
  /// what it found.
  public mutating func receive(_ item: IRCLineBuffer.Item, at time: Timestamp) -> IRCOutput {
    var output = IRCOutput()
    guard isConnected else { return output }
    advanceClock(to: time, into: &output)
    keepalive.heard(at: now)
    registration.heardFromServer = true
    switch item {
    case .tooLong(let count):
      statistics.oversizedLines += 1
      ignoredLines.overflowReported = false
      ignored("a line of \(count) bytes is over the limit: dropped", into: &output)
    case .line(let line):
      do {
        let message = try IRCMessage(parsing: line)
        if !delivery.reconciliation.carried.isEmpty { noteServerClock(message) }
        let command = IRCCommand(message.command)
        // The batch is read once: every line of a history page is in one.
        let batch = message.tags["batch"]
        if let batch, command != .batch, multiline.isGathering(batch) {
          // A line of a multiline message: gathered, and counted with a history by its
          // opening (`noteHistoryLine`), not on its own.
          gatherMultilineLine(message, command, in: batch, into: &output)
        } else if let batch, noteHistoryLine(message, command, in: batch, into: &output) {
          statistics.historyLinesDropped += 1
        } else if case .other = command, receiveHistoryTarget(message) {
          // A private chat with messages while we were away (`fetchHistoryTargets`).
        } else {
          handleGrouping(message, command, into: &output)
        }
      } catch {
        statistics.malformedLines += 1
        ignored(error.description, into: &output)
      }
    }
    pump(into: &output)
    return output
  }
}
