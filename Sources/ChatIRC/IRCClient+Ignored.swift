import ChatCore

extension IRCClient {
  /// Says a line was thrown away, at most once a second: a flood of bad lines is counted
  /// into the next notice, not given one each.
  mutating func ignored(_ reason: String, into output: inout IRCOutput) {
    guard let notice = ignoredLines.notice(reason, at: now) else { return }
    output.events.append(.lineIgnored(reason: notice))
  }

  /// Says once per line that a line arriving now is over `maximumLineBytes` and is dropped as
  /// it comes: for a session that splits the stream itself, while its buffer discards one.
  public mutating func overlongLineArriving(maximumLineBytes: Int, at time: Timestamp)
    -> IRCOutput
  {
    var output = IRCOutput()
    guard !ignoredLines.overflowReported, isConnected else {
      return output
    }
    ignoredLines.overflowReported = true
    advanceClock(to: time)
    ignored(
      "a line from the server is over the limit of \(maximumLineBytes) bytes:"
        + " dropping it as it arrives", into: &output)
    return output
  }
}
