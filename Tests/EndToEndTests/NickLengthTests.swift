import Foundation
import IRCTestRequirements
import IRCTestSupport
import Testing

/// An over-long `--name` on real servers. Seen on the wire: InspIRCd and ngircd (NICKLEN 30
/// both, as configured here) refuse a 31-character NICK while registering with 432
/// (`Erroneous Nickname`; `Nickname too long, max. 30 characters`) and cut nothing
/// themselves; `NICKLEN` comes only after `001`. chat says so and registers with the nick cut
/// to 30, instead of trying `nick_`, `nick__`.
@Suite(.ownThread, .requires(.inspircd, .ngircd), .timeLimit(.minutes(10)))
struct NickLengthTests {
  static let long = "deploybot-production-europe-west-1-abcd"  // 39 characters

  /// A nick that no IRC line can carry is known to be too long before connecting: a usage
  /// error, through the binary, with a server that is never dialled.
  @Test func aNameNoLineCanCarryIsAUsageErrorBeforeConnecting() throws {
    let home = try ScratchFolder()
    defer { home.remove() }
    let result = try BinaryRunner.run(
      ["--server", "irc://127.0.0.1:1/#long", "--name", String(repeating: "a", count: 506)],
      stdin: Array("never sent\n".utf8), environment: home.environment())
    #expect(result.status == 64)
    #expect(
      result.stderr
        == "chat: invalid --name: a nick of 506 characters cannot be sent: an IRC line holds one"
        + " of at most 505 (servers take 30 or fewer, and chat cuts a nick they refuse as too"
        + " long)\nchat: see 'chat --help'\n")
    #expect(result.stdout.isEmpty)
  }

  @Test func anOverLongNameIsCutToTheServersLengthAndSaidPlainly() throws {
    let inspircd = try InspIRCdServer.start()
    defer { inspircd.stop() }
    let ngircd = try NgircdServer.start()
    defer { ngircd.stop() }
    let home = try ScratchFolder()
    defer { home.remove() }
    let servers = [
      (inspircd.port, "Erroneous Nickname"), (ngircd.port, "Nickname too long, max. 30 characters"),
    ]
    // Both at once, typed while both run.
    let runs = try servers.map { port, reason in
      let chat = try RunningChat(
        ["--server", "irc://127.0.0.1:\(port)/#long", "--name", Self.long],
        environment: home.environment())
      chat.type("hello from a long name")
      chat.closeInput()
      return (chat, reason)
    }
    defer { for (chat, _) in runs { chat.stop() } }
    let cut = String(Self.long.prefix(30))
    for (chat, reason) in runs {
      #expect(chat.waitForExit(within: 30) == 0, "\(chat.stderr)")
      #expect(
        chat.stderr
          == "the nick \(Self.long) (39 characters) was refused (\(reason)): trying it cut"
          + " to 30 characters, \(cut)\n"
          + "registered as \(cut): your nick \(Self.long) (39 characters) is too long for"
          + " the server, so it was cut to 30\n", "\(chat.stderr)")
      #expect(chat.stdout.contains("[#long] \(cut): hello from a long name\n"), "\(chat.stdout)")
      #expect(!chat.stdout.contains("\(cut)_") && !chat.stderr.contains("_:"))
    }
  }
}
