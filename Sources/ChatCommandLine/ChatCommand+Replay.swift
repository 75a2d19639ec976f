import ChatCore
import ChatIRCSession
import ChatProfile
import ChatRendering
import ChatRuntime
import ChatScenario

extension ChatCommand {
  /// Plays `scenario` on the virtual clock into `renderers`: the simulated peer's as
  /// `Scenario.run(renderers:)` does, and a recording (a scenario with a `network`) replayed
  /// through the IRC session's engine, wired as its live run was (`networkRuntime`). Same
  /// scenario, same output. `chat --scenario` and `chat verify` both play through it.
  static func play(_ scenario: Scenario, renderers: [any Renderer]) throws(SinkError)
    -> Scenario.Ending
  {
    guard let profile = scenario.network else { return try scenario.run(renderers: renderers) }
    let clock = VirtualClock(start: scenario.start ?? .virtualEpoch)
    let input = ScenarioInput(scenario, startingAt: clock.now)
    let (entries, holds) = replayEntries(of: scenario, startingAt: clock.now)
    let session = ReplaySession(
      configuration: profile.sessionConfiguration, entries: entries, holds: holds,
      typedTaken: { [unowned input] in input.typedCount })
    input.waitsBeforeImplicitEnd = { [unowned session] in !session.hasPlayedEverything }
    let runtime = networkRuntime(profile, session: session, clock: clock, renderers: renderers)
    let outcome = try runtime.run(input)
    return Scenario.Ending(outcome: outcome, state: runtime.state)
  }

  /// A recording's link entries as the replay session plays them, and where a typed step
  /// overtook actions that waited for the core live (its `reached` entries).
  private static func replayEntries(of scenario: Scenario, startingAt start: Timestamp)
    -> (entries: [ReplaySession.Entry], holds: [ReplaySession.Hold])
  {
    var typed = 0
    var linkEntries: [ReplaySession.Entry] = []
    var holds: [ReplaySession.Hold] = []
    var reached: Int?
    for entry in scenario.entries {
      switch entry.event {
      case .link(let event):
        linkEntries.append(
          ReplaySession.Entry(
            time: start.advanced(byMilliseconds: entry.milliseconds), event: event,
            typedBefore: typed, reached: reached))
        reached = nil
      case .reached(let count):
        // The entry right after it found the core handed `count` actions.
        reached = count
      case .end, .quit, .typed, .pressed, .signal:
        if let count = reached {
          // The step overtook what followed the first `count` actions.
          holds.append(ReplaySession.Hold(typedBefore: typed, delivered: count))
          reached = nil
        }
        typed += 1
      }
    }
    return (linkEntries, holds)
  }
}
