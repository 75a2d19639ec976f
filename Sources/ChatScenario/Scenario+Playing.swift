import ChatCore
import ChatRendering
import ChatRuntime
import ChatSession

extension Scenario {
  /// Plays the scenario of the simulated peer on a virtual clock, with its seed and names,
  /// showing every step to `renderers`. Same scenario, same output.
  ///
  /// It starts at `Timestamp.virtualEpoch`, wired as `chat --virtual-time` is
  /// (`Runtime(simulating:seed:…)`), so a recorded virtual run plays back byte for byte. A
  /// recording (with a `network`) is replayed by the command line's one wiring of a network
  /// run (`chat --scenario`, `chat verify`), not here: this target is the format only.
  public func play(renderers: [any Renderer]) throws(SinkError) -> Runtime.Outcome {
    try run(renderers: renderers).outcome
  }

  /// How a played scenario ended: what `chat --scenario` needs to exit as the recorded run
  /// did.
  public struct Ending {
    /// How the run ended (a recorded `signal N` ends it as `.terminated`).
    public var outcome: Runtime.Outcome
    /// The app as the run left it: its failed and unsent messages, and its exit status (a
    /// recording's session gives up as live: `AppState.sessionFailure`).
    public var state: AppState

    /// An ending with its parts.
    public init(outcome: Runtime.Outcome, state: AppState) {
      self.outcome = outcome
      self.state = state
    }
  }

  /// Plays the scenario as `play(renderers:)` does, and says how it ended. A recording is
  /// the command line's to replay: it must not come here.
  public func run(renderers: [any Renderer]) throws(SinkError) -> Ending {
    precondition(network == nil, "a recording replays through the command line's wiring")
    let seed = seed ?? Self.defaultSeed
    var configuration = SimulatedSession.Configuration()
    if let peer { configuration.peerName = peer }
    if let faults { configuration.faults = faults }
    if let burst { configuration.burst = burst }
    var state = AppState()
    if let name { state.localName = name }
    let clock = VirtualClock()
    let runtime = Runtime(
      simulating: configuration, seed: seed, state: state, clock: clock, renderers: renderers)
    let outcome = try runtime.run(ScenarioInput(self, startingAt: clock.now))
    return Ending(outcome: outcome, state: runtime.state)
  }
}
