import ChatCore
import ChatRendering
import FoundationEssentials
import Testing

@testable import ReadlineRenderer

/// The prompt on a network: lines waiting to go out, the lag, and an unverified TLS link.
@Suite(.timeLimit(.minutes(10))) struct LinkPromptTests {
  static let time = Timestamp.virtualEpoch

  static func state(
    _ link: LinkStatus?, status: SessionStatus = .connected, insecure: Bool = false
  ) -> AppState {
    var state = AppState()
    state.sessionStatus = status
    state.isTLSUnverified = insecure
    if let link { _ = update(&state, .session(.linkChanged(link, time: time))) }
    return state
  }

  @Test func queuedLinesAndTheLagAreShownWhileConnected() {
    let prompt = Prompt(
      for: Self.state(LinkStatus(queuedLines: 3, lagMilliseconds: 120)), color: false)
    #expect(prompt.text == "[3 queued, lag 120ms] > ")
    #expect(prompt.columns == prompt.text.count)
  }

  @Test func nothingQueuedAndNoLagMeasuredYetKeepsThePlainPrompt() {
    #expect(Prompt(for: Self.state(LinkStatus()), color: false) == .plain)
  }

  @Test func aLongLagIsInSeconds() {
    let prompt = Prompt(for: Self.state(LinkStatus(lagMilliseconds: 12_345)), color: false)
    #expect(prompt.text == "[lag 12s] > ")
  }

  @Test func theLinkIsNotShownWhileDisconnected() {
    let state = Self.state(LinkStatus(queuedLines: 2, lagMilliseconds: 50), status: .disconnected)
    #expect(Prompt(for: state, color: false) == .plain)
  }

  @Test func pendingMessagesComeBeforeTheLink() {
    var state = Self.state(LinkStatus(queuedLines: 1, lagMilliseconds: 7))
    state.outbox = [
      Message(id: UUID(), sender: "PersonA", text: "x", time: Self.time)
    ]
    #expect(Prompt(for: state, color: false).text == "[1 pending, 1 queued, lag 7ms] > ")
  }

  @Test func anUnverifiedLinkIsSaidFirstEvenWhenDisconnected() {
    var state = Self.state(LinkStatus(lagMilliseconds: 80), insecure: true)
    state.phase = .draining
    #expect(Prompt(for: state, color: false).text == "[TLS not verified, leaving, lag 80ms] > ")
    state.sessionStatus = .disconnected
    #expect(Prompt(for: state, color: false).text == "[TLS not verified, leaving] > ")
  }

  @Test func theSimulatedPeerHasNoLinkAndThePromptIsAsBefore() {
    #expect(Prompt(for: Self.state(nil), color: false) == .plain)
  }
}
