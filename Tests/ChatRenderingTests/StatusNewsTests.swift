import ChatCore
import ChatRendering
import Testing

@Suite(.timeLimit(.minutes(10)))
struct StatusNewsTests {
  @Test func aSessionThatStartsConnectedOpensWithNoStatusLine() {
    var news = StatusNews()
    #expect(news.words(for: .connected) == nil)
  }

  @Test func aRunThatSaysConnectingAlsoSaysWhenItConnected() {
    var news = StatusNews()
    #expect(news.words(for: .connecting) == "connecting")
    #expect(news.words(for: .connected) == "connected")
  }

  @Test func everyChangeAfterTheFirstConnectionIsNews() {
    var news = StatusNews()
    #expect(news.words(for: .connected) == nil)
    #expect(news.words(for: .disconnected) == "disconnected")
    #expect(news.words(for: .connecting) == "connecting")
    #expect(news.words(for: .connected) == "connected")
  }
}
