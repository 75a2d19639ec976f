import ChatCore
import FoundationEssentials
import Testing

@Suite(.timeLimit(.minutes(10))) struct ScrollbackTests {
  @Test func keepsOnlyTheMostRecentMessagesInOrder() {
    var state = AppState(scrollback: 3)
    for number in 1...7 {
      _ = update(&state, .session(.received(peer(UInt8(number), "m\(number)", Int64(number)))))
    }
    #expect(state.messages.map(\.text) == ["m5", "m6", "m7"])
    #expect(state.messages.count == 3)
    #expect(state.messageCount == 7)
  }

  @Test(arguments: [1, 2, 5, 64])
  func behavesLikeTheSuffixOfAnArray(limit: Int) {
    var scrollback = Scrollback(limit: limit)
    var all: [Message] = []
    for number in 0..<200 {
      let message = peer(UInt8(number), "\(number)")
      scrollback.append(message)
      all.append(message)
      #expect(Array(scrollback) == Array(all.suffix(limit)))
    }
  }
}

extension ScrollbackTests {
  @Test func remembersIdsOfTheLastWindowOfMessagesWhateverTheLimit() {
    var scrollback = Scrollback(limit: 4)
    func message(_ number: Int) -> Message {
      let bytes = withUnsafeBytes(of: UInt32(number).bigEndian) { Array($0) }
      let id = UUID(
        uuid: (bytes[0], bytes[1], bytes[2], bytes[3], 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 0))
      return Message(id: id, sender: "B", text: "", time: .virtualEpoch)
    }
    let count = Scrollback.idWindow * 2 + 10
    for number in 0..<count { scrollback.append(message(number)) }
    #expect(scrollback.count == 4)
    for number in (count - Scrollback.idWindow)..<count {
      #expect(scrollback.contains(id: message(number).id), "\(number)")
    }
    #expect(!scrollback.contains(id: message(0).id))
  }
}
