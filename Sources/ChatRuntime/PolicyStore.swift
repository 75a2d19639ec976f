import ChatCore

/// Where the runtime keeps what the core asks it to remember across runs (`.rememberPolicy`,
/// `.forgetPolicy`): the STS store on a live network run. A replay has none, so playing a
/// recording never changes the user's files.
public protocol PolicyStore: AnyObject {
  /// Keeps `policy`, learned at `time`.
  func remember(_ policy: TransportPolicy, at time: Timestamp)
  /// Forgets the policy of `host`, if one is kept.
  func forget(host: String)
}
