import ChatCore
import ChatProfile
import ChatRendering
import ChatRuntime
import ChatSession

extension ChatCommand {
  /// The one place a network run is wired, live (`chat --server`) or replayed (a recording
  /// played by `chat --scenario` or `chat verify`): the profile alone decides the start-up
  /// notice (an STS policy applied, TLS options awaiting an upgrade), the app's starting state,
  /// and the user ids (the seed's stream 1). A live run writes the STS policies it learns to
  /// `policyStore`; a replay has none, so it never touches the user's files. The session is made from the same profile
  /// (`ConnectionProfile.sessionConfiguration`).
  static func networkRuntime(
    _ profile: ConnectionProfile, session: any NetworkSession, clock: any Clock,
    renderers: [any Renderer], frameBudget: FrameBudget? = nil,
    scrollback: Int = Scrollback.defaultLimit, policyStore: (any PolicyStore)? = nil
  ) -> Runtime {
    if let notice = profile.startNotice { session.announce(notice) }
    return Runtime(
      state: profile.startingState(scrollback: scrollback), session: session, clock: clock,
      ids: SeededUUIDGenerator(seed: profile.seed, stream: 1), renderers: renderers,
      frameBudget: frameBudget, policyStore: policyStore)
  }
}
