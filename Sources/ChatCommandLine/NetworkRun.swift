import ChatCore
import ChatIRC
import ChatIRCSession
import ChatProfile
import ChatRendering
import ChatRuntime

/// What a run with `--server` or `--network` needs besides the simulated run's wiring: the
/// IRC session, the connection profile it was made from, and how its outcome maps to an exit
/// status.
struct NetworkRun {
  let session: IRCSession
  /// Where and how it connects: the wiring's only input, and a recording's header.
  let profile: ConnectionProfile

  /// The exit status of a run that completed: 69 (EX_UNAVAILABLE) when the server could not
  /// be reached or its certificate was refused, 77 (EX_NOPERM) when a required SASL login
  /// failed, 75 (EX_TEMPFAIL) when a message failed or was typed where it could not go.
  func exitStatus(after state: AppState) -> Int32 {
    Self.exitStatus(
      authenticationFailure: session.authenticationFailure,
      failure: session.failure?.description, after: state)
  }

  /// The rule of `exitStatus(after:)`, which a replayed recording follows too: it says the
  /// reason on standard error and returns the status.
  static func exitStatus(authenticationFailure: String?, failure: String?, after state: AppState)
    -> Int32
  {
    if let reason = authenticationFailure {
      return ChatCommand.fail(reason, status: 77)
    }
    if let failure {
      return ChatCommand.fail(failure, status: 69)
    }
    // Lines typed where they could not go (the server's own conversation) count too.
    let count = state.failed.count + state.unsent.count + state.notSentCount
    if count > 0 {
      return ChatCommand.fail(
        "\(count) message\(count == 1 ? "" : "s") not delivered", status: 75)
    }
    return 0
  }
}

/// A piped input that ends the run once the session gives up (the server cannot be reached,
/// its certificate or the SASL login was refused): it asks to quit twice, which leaves at once.
final class GivingUpInput: Input {
  private let base: any Input
  private let session: IRCSession

  init(wrapping base: any Input, session: IRCSession) {
    self.base = base
    self.session = session
  }

  var descriptor: Int32? { base.descriptor }
  var nextDeadline: Timestamp? { base.nextDeadline }
  var isInteractive: Bool { base.isInteractive }
  func readAvailable() { base.readAvailable() }

  func handle(signal: Int32, at now: Timestamp, in state: AppState) throws(SinkError)
    -> InputEvent?
  {
    try base.handle(signal: signal, at: now, in: state)
  }

  func nextEvents(dueBy now: Timestamp, in state: AppState) -> [InputEvent] {
    guard session.hasGivenUp else { return base.nextEvents(dueBy: now, in: state) }
    switch state.phase {
    case .active: return [.quitRequested, .quitRequested]
    case .draining: return [.quitRequested]
    case .finished: return []
    }
  }

  func takeNextEvents(at now: Timestamp) throws(SinkError) {
    guard !session.hasGivenUp else { return }
    try base.takeNextEvents(at: now)
  }
}
