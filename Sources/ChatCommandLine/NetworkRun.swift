import ChatIRCSession
import ChatProfile

/// What a run with `--server` or `--network` needs besides the simulated run's wiring: the
/// IRC session, the connection profile it was made from, and the STS store the run writes
/// the policies it learns to. Its exit status is the core's (`AppState.exitStatus`).
struct NetworkRun {
  let session: IRCSession
  /// Where and how it connects: the wiring's only input, and a recording's header.
  let profile: ConnectionProfile
  /// The STS store the run writes the policies it learns to.
  let policies: STSPolicies
}
