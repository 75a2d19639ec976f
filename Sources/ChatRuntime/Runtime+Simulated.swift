import ChatCore
import ChatRendering
import ChatSession

extension Runtime {
  /// A runtime over the seed's simulated session, every id derived from `seed` the one way
  /// all runs share: the session's reply ids and texts from stream 0, the user's message ids
  /// from stream 1. Keeping that in one place is what lets a recorded run replay byte for byte.
  public convenience init(
    simulating configuration: SimulatedSession.Configuration, seed: UInt64, state: AppState,
    clock: any Clock, renderers: [any Renderer], frameBudget: FrameBudget? = nil
  ) {
    self.init(
      state: state,
      session: SimulatedSession(configuration: configuration, ids: SeededUUIDGenerator(seed: seed)),
      clock: clock, ids: SeededUUIDGenerator(seed: seed, stream: 1), renderers: renderers,
      frameBudget: frameBudget)
  }
}
