import ChatCore
import ChatIRC
import ChatIRCSession
import ChatRendering
import ChatRuntime
import ChatSession
import ChatTransport

extension Scenario {
  /// Plays the scenario on a virtual clock, with its seed and names, showing every step to
  /// `renderers`. Same scenario, same output.
  ///
  /// A scenario of the simulated peer starts at `Timestamp.virtualEpoch`, wired as
  /// `chat --virtual-time` is (`Runtime(simulating:seed:…)`), so a recorded virtual run plays
  /// back byte for byte. A recording (with a `server`) starts at its `start` and replays its
  /// link through `ReplaySession`, whose session notices reach the renderers as live.
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
  }

  /// Plays the scenario as `play(renderers:)` does, and says how it ended.
  public func run(renderers: [any Renderer]) throws(SinkError) -> Ending {
    let seed = seed ?? Self.defaultSeed
    if let network { return try replay(network, seed: seed, renderers: renderers) }
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

  /// Replays a recorded network run: the wiring of `chat --server` (the nick as the local
  /// name, IRC text, the insecure-TLS flag, user ids from the
  /// seed's stream 1), over the recording.
  private func replay(
    _ network: Network, seed: UInt64, renderers: [any Renderer]
  ) throws(SinkError) -> Ending {
    let clock = VirtualClock(start: start ?? .virtualEpoch)
    let input = ScenarioInput(self, startingAt: clock.now)
    var typed = 0
    var linkEntries: [ReplaySession.Entry] = []
    var holds: [ReplaySession.Hold] = []
    var reached: Int?
    for (index, entry) in entries.enumerated() {
      switch entry.event {
      case .link(let event):
        linkEntries.append(
          ReplaySession.Entry(
            time: clock.now.advanced(byMilliseconds: entry.milliseconds), event: event,
            typedBefore: typed, reached: reached))
        reached = nil
      case .held(let count):
        // The last `count` link entries' actions wait until the typed entries right after
        // it, at its instant, are typed.
        let following = entries[(index + 1)...].prefix {
          $0.event.isTyped && $0.milliseconds == entry.milliseconds
        }
        for held in linkEntries.indices.suffix(count) {
          linkEntries[held].holdsUntilTyped = typed + following.count
        }
      case .reached(let count):
        // The entry right after it found the core handed `count` actions.
        reached = count
      case .end, .quit, .typed, .signal:
        if let count = reached {
          // The step overtook what followed the first `count` actions.
          holds.append(ReplaySession.Hold(typedBefore: typed, delivered: count))
          reached = nil
        }
        typed += 1
      }
    }
    let session = ReplaySession(
      configuration: sessionConfiguration(network, seed: seed), entries: linkEntries,
      holds: holds, typedTaken: { [unowned input] in input.typedCount })
    if network.stsUpgradedFrom != nil {
      // Live, the remembered policy said so before the first dial.
      session.announce(.stsPolicyApplied(host: network.host, port: Int(network.port)))
    } else if !network.tlsAwaitingUpgrade.isEmpty {
      // Live, the TLS options waiting for an upgrade were told before the first dial.
      session.announce(
        .tlsOptionsAwaitUpgrade(
          host: network.host, port: Int(network.port), options: network.tlsAwaitingUpgrade))
    }
    var state = AppState(localName: name ?? AppState().localName)
    state.isTLSUnverified = network.usesTLS && network.tlsInsecure
    state.textMarkup = .ircFormatting
    state.failsWhenUndelivered = true
    state.endsWhenSessionGivesUp = !network.isLineMode
    let runtime = Runtime(
      state: state, session: session, clock: clock,
      ids: SeededUUIDGenerator(seed: seed, stream: 1), renderers: renderers)
    let outcome = try runtime.run(input)
    return Ending(outcome: outcome, state: runtime.state)
  }

  /// The session configuration of the recorded run. A `PLAIN` login gets a stand-in
  /// password: the replay's client answers the recorded challenge, and its lines go nowhere.
  private func sessionConfiguration(_ network: Network, seed: UInt64) -> IRCSessionConfiguration {
    let sasl = network.sasl.map { login in
      let mechanism: IRCSASLMechanism =
        switch login {
        case .plain(let user): .plain(user: user, password: IRCSecret("replay"))
        case .external: .external
        }
      return IRCSASL(mechanism, isRequired: !network.saslOptional)
    }
    return IRCSessionConfiguration(
      host: network.host, port: network.port,
      tls: network.usesTLS ? TLSConfiguration(insecure: network.tlsInsecure) : nil,
      client: IRCClient.Configuration(
        nick: name ?? AppState().localName, channels: network.channels,
        pacing: network.pacing ?? .default, sasl: sasl),
      givesUpIfFirstConnectionFails: !network.isLineMode, keepsListening: network.keepsListening,
      seed: seed)
  }
}
