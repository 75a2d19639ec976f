import ChatCore
import Testing

@Suite struct ScrollbackTests {
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
  @Test func remembersIdsOfAtLeastTheLastLimitMessages() {
    var scrollback = Scrollback(limit: 4)
    for number in 0..<20 { scrollback.append(peer(UInt8(number), "\(number)")) }
    for number in 16..<20 { #expect(scrollback.contains(id: id(UInt8(number)))) }
    #expect(!scrollback.contains(id: id(0)))
    #expect(!scrollback.contains(id: id(99)))
  }
}
