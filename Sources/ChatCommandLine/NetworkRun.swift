import ChatCore
import ChatIRC
import ChatIRCSession
import ChatRendering
import ChatRuntime
import ChatScenario
import ChatTransport

/// What a run with `--server` or `--network` needs besides the simulated run's wiring: the
/// IRC session and the nick. Its exit status is the core's (`AppState.exitStatus`).
struct NetworkRun {
  let session: IRCSession
  let nick: String
  let seed: UInt64
  /// What a recording's header says of the connection (`--record`).
  let recorded: Scenario.Network
  /// Whether the server's certificate goes unverified (`--tls-insecure`): every renderer
  /// says so.
  let isTLSUnverified: Bool
  /// The STS store the run writes the policies it learns to.
  let policies: STSPolicies
  /// Whether a mention rings the terminal's bell in line mode (false with `--no-bell`).
  var bell = true
}
