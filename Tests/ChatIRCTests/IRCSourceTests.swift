import ChatIRC
import Testing

@Suite(.timeLimit(.minutes(10))) struct IRCSourceTests {
  @Test(arguments: [
    ("alice!alice@127.0.0.1", "alice", "alice", "127.0.0.1", false),
    ("irc1.test", "irc1.test", nil, nil, true),
    ("bob@host", "bob", nil, "host", false),
    ("bob!~b", "bob", "~b", nil, false),
    ("weird@h!x", "weird", nil, "h!x", false),
  ])
  func splitsNickUserAndHost(
    _ text: String, _ nick: String, _ user: String?, _ host: String?, _ isServer: Bool
  ) {
    let source = IRCSource(text)
    #expect(source.nick == nick && source.user == user && source.host == host)
    #expect(source.isServer == isServer)
  }
}
