import ChatCore
import ChatIRC

/// Time passing: the client's timers, the wait for the server's closing after `QUIT`, and
/// confirmations that are overdue.
extension IRCSessionEngine {
  /// The client's timers (paced lines, keepalive, registration), when due.
  func doDueWork(at now: Timestamp) {
    if clientStarted, isLinkOpen, let due = inPlace({ $0.nextDeadline }), due <= now {
      apply(client.advance(to: now), now)
    }
  }

  /// The server did not close the link in time after `QUIT`: it is closed for good.
  func gaveUpWaitingForClose() {
    link?.closeLink(flushingFirst: false)
    client.hungUp()
  }

  /// Fails every message whose last written line has waited too long for confirmation: the
  /// client's delivery part keeps the limit and says which (`expireUnconfirmed`).
  func failUnconfirmed(at now: Timestamp) {
    guard let due = inPlace({ $0.confirmationDeadline }), due <= now else { return }
    apply(client.expireUnconfirmed(at: now), now)
  }
}
