/// How a session's connection ended, as it reports it (`Action.Session.disconnected`): the
/// reason, and whether it tries again. The core decides from it what the user is told, so a
/// session sends no notice of its own beside it.
public enum Disconnection: Hashable, Sendable {
  /// chat closed the link on purpose, for `reason`: it left (the server closed the link
  /// after `QUIT`), or it moves to TLS at the server's request (an STS upgrade, which the
  /// session tells as what it does next). Nothing to tell.
  case closed(reason: String)
  /// The link that was up was lost, for `reason`; `retrying` says whether the session
  /// connects again (it tells when in a notice of its own).
  case lost(reason: String, retrying: Bool)
  /// An attempt to connect failed, for `reason`; `retrying` says whether another follows.
  case attemptFailed(reason: String, retrying: Bool)

  /// Why it ended.
  public var reason: String {
    switch self {
    case .closed(let reason), .lost(let reason, _), .attemptFailed(let reason, _): reason
    }
  }
}
