/// Why a session gave up for good (the server unreachable, its certificate or the login
/// refused), and the exit status that says so to whoever started chat.
public struct SessionFailure: Hashable, Sendable {
  /// What went wrong, as the user reads it on standard error when chat exits.
  public var reason: String
  /// The exit status (sysexits): 69 unavailable, 77 login refused.
  public var exitStatus: Int32

  /// Creates a failure.
  public init(reason: String, exitStatus: Int32) {
    self.reason = reason
    self.exitStatus = exitStatus
  }

  /// The server could not be reached or its certificate was refused (EX_UNAVAILABLE).
  public static let unavailableStatus = ExitStatus.unavailable.rawValue
  /// The login was refused (EX_NOPERM): the same credentials would be refused again.
  public static let loginRefusedStatus = ExitStatus.loginRefused.rawValue
  /// A message was not delivered (EX_TEMPFAIL): trying again later may help.
  public static let notDeliveredStatus = ExitStatus.notDelivered.rawValue
}
