import FoundationEssentials
import Testing

@testable import ChatCore

/// Applies `action` to `state` and checks, in the manner of TCA's `TestStore`, that the state
/// changed exactly as `change` describes and that exactly `effects` came out. Any other change
/// or effect fails the test.
@discardableResult
func expectUpdate(
  _ state: AppState,
  _ action: Action,
  effects: [Effect] = [],
  sourceLocation: SourceLocation = #_sourceLocation,
  _ change: (inout AppState) -> Void = { _ in }
) -> AppState {
  var actual = state
  let actualEffects = update(&actual, action)
  var expected = state
  change(&expected)
  #expect(actual == expected, "state after \(action)", sourceLocation: sourceLocation)
  #expect(actualEffects == effects, "effects of \(action)", sourceLocation: sourceLocation)
  return actual
}

/// A fixed id for test messages: `UUID(n)` reads better than literals.
func id(_ number: UInt8) -> UUID {
  UUID(uuid: (number, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 0))
}

/// A timestamp `milliseconds` after the virtual epoch.
func at(_ milliseconds: Int64) -> Timestamp {
  Timestamp.virtualEpoch.advanced(byMilliseconds: milliseconds)
}

/// A message from the local user of the default state.
func own(_ number: UInt8, _ text: String, _ milliseconds: Int64 = 0) -> Message {
  Message(id: id(number), sender: "PersonA", text: text, time: at(milliseconds), isLocal: true)
}

/// A message from the peer.
func peer(_ number: UInt8, _ text: String, _ milliseconds: Int64 = 0) -> Message {
  Message(id: id(number), sender: "Person B", text: text, time: at(milliseconds))
}

/// A state whose session is connected: what every run reaches first.
func connected() -> AppState {
  var state = AppState()
  state.sessionStatus = .connected
  return state
}

extension AppState {
  /// What a message entering the conversation at `index` changes: the transcript, the
  /// conversation's scrollback and, elsewhere than the active one, its unread count.
  mutating func enter(_ message: Message, in index: Int = 0) {
    messages.append(message)
    messageCount += 1
    conversations.append(message, number: messageCount, at: index)
  }

  /// What logging a conversation event changes.
  mutating func log(
    _ change: ConversationEvent.Change, in name: ConversationName, at time: Timestamp
  ) {
    events.append(ConversationEvent(change, in: name, time: time))
    eventCount += 1
  }
}
