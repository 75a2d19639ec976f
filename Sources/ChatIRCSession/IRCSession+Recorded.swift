import ChatCore

extension IRCSession {
  /// Takes `bytes` as though read from the connection, with no socket: recorded server lines
  /// through the protocol client and this session's mapping to the core's actions, which then
  /// come out of `nextEvent(dueBy:)` as usual. Starts the client first if it has not started.
  /// What the client would write goes nowhere. For `chat-bench irc`'s in-process figure: the
  /// bytes take the live path (`feed(_:at:)`), framed by the session's one line buffer.
  public func receive(recorded bytes: some BidirectionalCollection<UInt8>, at now: Timestamp) {
    engine.lastNow = max(engine.lastNow, now)
    if !engine.clientStarted { engine.established(at: now) }
    feed(bytes, at: now)
  }
}
