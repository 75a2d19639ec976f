import ChatCore
import ChatIRC
import ChatIRCSession
import FoundationEssentials
import Testing

/// The session tells the core whether a paste can be one message (`draft/multiline`), once
/// a connection, and forgets it with the connection; a batch received is one message, its
/// sender's own when it is ours from another connection of our account.
@Suite(.timeLimit(.minutes(10))) struct ReplayedMultilineTests {
  static func connectToErgo(_ script: inout ReplayScript, at milliseconds: Int64) {
    script.link(.dialing, at: milliseconds)
    script.link(.connected, at: milliseconds)
    script.server(
      [
        ":ergo.test CAP * LS :batch draft/multiline=max-bytes=4096,max-lines=100 echo-message"
          + " labeled-response message-tags server-time",
        ":ergo.test CAP bot ACK :echo-message message-tags server-time labeled-response batch"
          + " draft/multiline",
        ":ergo.test 001 bot :Welcome",
        ":bot!bot@127.0.0.1 JOIN :#chat",
      ], at: milliseconds + 5)
  }

  static func multiline(_ actions: [Action.Session]) -> [Bool] {
    actions.compactMap { if case .multilineChanged(let available) = $0 { available } else { nil } }
  }

  @Test func theCoreIsToldOnceAConnectionAndForgetsItWithTheConnection() {
    var script = ReplayScript()
    Self.connectToErgo(&script, at: 0)
    script.link(.closed(reason: "the server closed the connection"), at: 1000)
    script.connect(at: 1500)  // InspIRCd's capabilities: no multiline.
    let actions = script.run(until: 2000)
    #expect(Self.multiline(actions) == [true], "\(actions)")
    let told = actions.firstIndex(of: .multilineChanged(available: true))
    let connected = actions.firstIndex { if case .connected = $0 { true } else { false } }
    #expect(told != nil && connected != nil && told! < connected!, "before the connection")
  }

  @Test func aBatchIsOneMessageAndOursFromAnotherConnectionIsOurs() {
    var script = ReplayScript()
    Self.connectToErgo(&script, at: 0)
    script.server(
      [
        "@msgid=b1 :alice!a@h BATCH +1 draft/multiline #chat",
        "@batch=1 :alice!a@h PRIVMSG #chat :one",
        "@batch=1 :alice!a@h PRIVMSG #chat :two",
        ":alice!a@h BATCH -1",
        "@msgid=o1 :bot!bot@phone PRIVMSG alice :from my phone",
      ], at: 100)
    let actions = script.run(until: 200)
    let received = actions.compactMap {
      if case .received(let message, _) = $0 { message } else { nil }
    }
    #expect(received.map(\.text) == ["one\ntwo", "from my phone"])
    #expect(received.map(\.isLocal) == [false, true])
    #expect(received.map(\.conversation.text) == ["#chat", "alice"])
  }
}
