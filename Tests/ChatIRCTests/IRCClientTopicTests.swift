import ChatCore
import ChatIRC
import Testing

/// `/topic TEXT` on IRC: the intent's `TOPIC` line, the server's echo, its refusal.
@Suite(.timeLimit(.minutes(10))) struct IRCClientTopicTests {
  @Test func settingATopicWritesTopicAndTheServersEchoReportsIt() {
    var wire = IRCWire.inspircd(channels: ["#chat"])
    wire.user(.setTopic(channel: "#chat", text: "release on friday\r\nQUIT :x"))
    // A line break in the text cannot end the line early: it would be a second command.
    #expect(wire.lines == ["TOPIC #chat :release on friday  QUIT :x"])
    wire.server(":alice!alice@127.0.0.1 TOPIC #chat :release on friday")
    #expect(
      wire.events == [
        .topic(channel: "#chat", text: "release on friday", setBy: "alice", time: wire.time)
      ])
  }

  @Test func aRefusedTopicIsTheServersReply() {
    var wire = IRCWire.inspircd(channels: ["#chat"])
    wire.user(.setTopic(channel: "#chat", text: "mine"))
    wire.reset()
    wire.server(
      ":irc1.test 482 alice #chat :You must be a channel op or higher to change the topic.")
    #expect(
      wire.events == [
        .serverReply(
          code: "482", text: "#chat: You must be a channel op or higher to change the topic.")
      ])
  }

  @Test func aTopicForWhatIsNoChannelIsRefusedAndNothingIsWritten() {
    var wire = IRCWire.inspircd()
    wire.reset()
    wire.user(.setTopic(channel: "bob", text: "hi"))
    #expect(wire.lines.isEmpty)
    #expect(wire.events == [.intentRefused(reason: "'bob' is not a channel name here")])
  }
}
