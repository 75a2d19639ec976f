import Foundation
import IRCTestRequirements
import IRCTestSupport
import Testing

/// The server's commands against ngircd, where its replies differ from InspIRCd's: its whois
/// and away numerics, no `echo-message` (a notice of ours is shown as it is written), its
/// channel list and `WHO`, its nick refusal.
@Suite(.ownThread, .requires(.ngircd), .timeLimit(.minutes(10)))
struct ServerCommandsNgircdTests {
  @Test func repliesAreGatheredAndShownAsOnInspIRCd() throws {
    let server = try NgircdServer.start()
    defer { server.stop() }
    let home = try ScratchFolder()
    defer { home.remove() }
    let chat = try RunningChat(
      [
        "--server", "irc://127.0.0.1:\(server.port)/#ops", "--name", "bot", "--renderer",
        "jsonl", "--pacing", "100/10",
      ], environment: home.environment())
    defer { chat.stop() }
    #expect(chat.waitFor { $0.contains(#""type":"joined","seq""#) }, "\(chat.stderr)")
    let bob = try RawIRCClient.joined("#ops", as: "bob", port: server.port)
    defer { bob.close() }
    #expect(chat.waitFor { $0.contains(#""type":"member_joined""#) }, "\(chat.stdout)")

    chat.type("/whois bob")
    #expect(
      chat.waitFor {
        $0.contains(#""type":"whois""#) && $0.contains(#""nick":"bob","found":true"#)
          && $0.contains(#""server":"ngircd.test""#) && $0.contains(##""channels":["#ops"]"##)
      }, "\(chat.stdout)")
    #expect(
      chat.waitFor(inErrors: true) {
        $0.contains("whois bob: ~bob@127.0.0.1\n  real name  chat test bob\n  channels   #ops\n")
      }, "\(chat.stderr)")
    chat.type("/whois ghost")
    #expect(chat.waitFor { $0.contains(#""nick":"ghost","found":false"#) }, "\(chat.stdout)")

    chat.type("/away lunch")
    #expect(
      chat.waitFor {
        $0.contains(#""notice":"marked_away","text":"you are marked as away: lunch""#)
      },
      "\(chat.stdout)")
    chat.type("/away")
    #expect(chat.waitFor { $0.contains(#""notice":"marked_back""#) }, "\(chat.stdout)")

    chat.type("/nick bob")
    #expect(
      chat.waitFor {
        $0.contains(#""notice":"nick_change_refused","text":"cannot change nick to bob"#)
      },
      "\(chat.stdout)")

    chat.type("/notice #ops heads up")
    let notice = try bob.waitFor(command: "NOTICE")
    #expect(notice.parameters == ["#ops", "heads up"])
    // No echo-message here: shown as written.
    #expect(
      chat.waitFor { $0.contains(#""sender":"bot","text":"heads up""#) }, "\(chat.stdout)")

    chat.type("/channels")
    #expect(
      chat.waitFor {
        $0.contains(#""type":"channels""#) && $0.contains(##""name":"#ops","users":2"##)
      },
      "\(chat.stdout)")
    chat.type("/who #ops")
    #expect(
      chat.waitFor {
        $0.contains(#""type":"who","seq""#) && $0.contains(##""mask":"#ops","count":2"##)
      },
      "\(chat.stdout)")
    chat.type("/op bob")
    let op = try bob.waitFor(command: "MODE")
    #expect(op.parameters == ["#ops", "+o", "bob"])
    chat.type("/quote VERSION")
    #expect(chat.waitFor { $0.contains("server (351)") }, "\(chat.stdout)")

    chat.type("/quit bye all")
    let quit = try bob.waitFor(command: "QUIT")
    // (ngircd quotes it: `"bye all"`.)
    #expect(quit.parameters.last?.contains("bye all") == true, "\(quit)")
    #expect(chat.waitForExit() == 0, "\(chat.stderr)")
  }
}
