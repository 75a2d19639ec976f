import ChatCore
import ChatRendering
import ChatRuntime
import ChatSession

extension Scenario {
  /// Plays the scenario on a virtual clock starting at `Timestamp.virtualEpoch`, with its
  /// seed and names, showing every step to `renderers`. Same scenario, same output.
  ///
  /// The wiring is `chat --virtual-time`'s (`Runtime(simulating:seed:…)`), so a recorded
  /// virtual run plays back byte for byte.
  public func play(renderers: [any Renderer]) throws(SinkError) -> Runtime.Outcome {
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
    return try runtime.run(ScenarioInput(self, startingAt: clock.now))
  }
}
