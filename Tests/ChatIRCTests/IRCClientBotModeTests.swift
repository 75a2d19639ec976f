import ChatCore
import Testing

@testable import ChatIRC

/// Bot mode: with `--bot` the mode ISUPPORT `BOT` names is set on us once a connection; a
/// message tagged `bot` says its sender is one.
@Suite(.timeLimit(.minutes(10))) struct IRCClientBotModeTests {
  private static func registered(isBot: Bool) -> IRCWire {
    var configuration = IRCClient.Configuration(
      nick: "alice", channels: [], pacing: .unlimited)
    configuration.isBot = isBot
    var wire = IRCWire(configuration)
    wire.server(":irc1.test CAP * LS :message-tags")
    wire.server(":irc1.test CAP alice ACK :message-tags")
    wire.server(":irc1.test 001 alice :Welcome alice!alice@127.0.0.1", after: 1000)
    wire.reset()
    return wire
  }

  @Test func aBotSetsTheModeTheServerNamesOnceAConnection() {
    var wire = Self.registered(isBot: true)
    wire.server(":irc1.test 005 alice CASEMAPPING=ascii :are supported by this server")
    #expect(wire.lines.isEmpty)
    wire.server(":irc1.test 005 alice BOT=B UTF8ONLY :are supported by this server")
    #expect(wire.lines == ["MODE alice +B"])
    wire.server(":irc1.test 005 alice BOT=B NETWORK=Test :are supported by this server")
    #expect(wire.lines == ["MODE alice +B"])
  }

  @Test func withoutBotTheModeIsNeverSet() {
    var wire = Self.registered(isBot: false)
    wire.server(":irc1.test 005 alice BOT=B :are supported by this server")
    #expect(wire.lines.isEmpty)
  }

  @Test(arguments: [("BOT=B", Character("B")), ("BOT=", nil), ("BOT=xy", nil), ("-BOT", nil)])
  func theBotTokenNamesOneLetter(_ token: String, _ mode: Character?) {
    let support = ISupport().applying(["BOT=b", token])
    #expect(support.botMode == (token == "BOT=" || token == "BOT=xy" ? "b" : mode))
  }

  @Test func aMessageTaggedBotSaysSo() throws {
    var wire = IRCWire.inspircd()
    wire.server("@bot :helper!h@host PRIVMSG #chat :beep")
    wire.server(":bob!b@host PRIVMSG #chat :hi")
    let bots = wire.events.compactMap { event -> Bool? in
      guard case .received(let message) = event else { return nil }
      return message.isBot
    }
    #expect(bots == [true, false])
  }
}
