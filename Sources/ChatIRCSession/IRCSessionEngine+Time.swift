import ChatCore
import ChatIRC
import FoundationEssentials

/// Time passing: the client's timers, leaving, and confirmations that are overdue.
extension IRCSessionEngine {
  /// The client's timers, `QUIT` once leaving was asked for, and overdue confirmations.
  func doDueWork(at now: Timestamp) {
    if clientStarted, isLinkOpen, let due = client.nextDeadline, due <= now {
      apply(client.advance(to: now), now)
    }
    if case .requested(let reason) = leaving {
      leaving = .quitSent
      quitDeadline = now.advanced(byMilliseconds: configuration.quitTimeoutMilliseconds)
      apply(client.perform(.quit(reason: reason), at: now), now)
    }
  }

  /// The server did not close the link in time after `QUIT`: it is closed for good.
  func gaveUpWaitingForClose() {
    quitDeadline = nil
    link?.closeLink(flushingFirst: false)
    leaving = .done
  }

  /// Fails every message whose last written line has waited too long for confirmation.
  func failUnconfirmed(at now: Timestamp) {
    let limit = configuration.confirmationTimeoutMilliseconds
    for (id, entry) in pending {
      guard let written = entry.writtenAt, written.milliseconds(to: now) >= limit else { continue }
      // A history on rejoining comes too late for it now: its line is shown as history.
      let copies = stopTracking(id)?.historyCopies ?? []
      notify(
        .messageNotDelivered(
          reason: "the server did not confirm it within \(limit / 1000) s"), at: now)
      enqueue(
        .deliveryFailed(
          id: id,
          reason: "the server did not confirm it within \(limit / 1000) s: it may or may not"
            + " have arrived",
          time: now))
      for copy in copies { enqueue(.received(copy)) }
    }
  }

  /// Stops waiting for message `id` (it failed): the client carries none of its lines for a
  /// history, and its lines' msgids are no longer taken for a message shown.
  @discardableResult
  func stopTracking(_ id: UUID) -> PendingMessage? {
    client.forgetUnconfirmed(id: id)
    guard let entry = pending.removeValue(forKey: id) else { return nil }
    for msgid in entry.msgids { ownMessageIDs.forget(msgid) }
    return entry
  }
}
