import Foundation
import IRCTestRequirements
import IRCTestSupport
import Testing

/// `cap-notify` through the built binary against InspIRCd: an operator unloads the modules
/// of `echo-message` and `labeled-response` while chat runs (`CAP DEL`: a `capabilities`
/// notice), so its next message is confirmed by a `PING` and carries no msgid; loading
/// `echo-message` again (`CAP NEW`) makes chat ask for it, and the message after that is
/// confirmed by its echo, msgid and all.
@Suite(.requires(.inspircd), .timeLimit(.minutes(10)))
struct CapNotifyTests {
  @Test func capabilitiesRemovedAndAddedAtRunTimeChangeHowMessagesAreConfirmed() throws {
    let server = try InspIRCdServer.start()
    defer { server.stop() }
    let bob = try RawIRCClient.joined("#caps", as: "bob", port: server.port)
    defer { bob.close() }
    try bob.send("OPER \(InspIRCdConfiguration.operName) \(InspIRCdConfiguration.operPassword)")
    _ = try bob.waitFor(command: "381")

    let home = try ScratchFolder()
    defer { home.remove() }
    let recording = home.path + "/run.chat"
    let chat = try RunningChat(
      [
        "--server", "irc://127.0.0.1:\(server.port)/#caps", "--name", "bot", "--renderer",
        "jsonl", "--record", recording,
      ],
      environment: home.environment())
    defer { chat.stop() }
    _ = try bob.waitFor("bot's join") { $0.command == "JOIN" && $0.nick == "bot" }
    let recorded = { (try? String(contentsOfFile: recording, encoding: .utf8)) ?? "" }

    try bob.send("UNLOADMODULE m_ircv3_echomessage.so")
    try bob.send("UNLOADMODULE m_ircv3_labeledresponse.so")
    let notice = #""notice":"capabilities","text":"the server turned "#
    #expect(
      chat.waitFor {
        $0.contains(notice + #"off echo-message""#)
          && $0.contains(notice + #"off labeled-response""#)
      }, "\(chat.stdout)")
    chat.type("one")
    let own = #""sender":"bot","text":"#
    let message = { (text: String) in
      chat.stdout.split(separator: "\n").first {
        $0.contains(#""type":"message""#) && $0.contains(own + "\"\(text)\"")
      }
    }
    #expect(chat.waitFor { _ in message("one") != nil }, "\(chat.stdout)")
    #expect(message("one").map { !$0.contains("msgid") } == true, "\(chat.stdout)")

    try bob.send("LOADMODULE m_ircv3_echomessage.so")
    #expect(chat.waitFor { $0.contains(notice + #"on echo-message""#) }, "\(chat.stdout)")
    chat.type("two")
    #expect(chat.waitFor { _ in message("two") != nil }, "\(chat.stdout)")
    #expect(message("two")?.contains(#""msgid":""#) == true, "\(chat.stdout)")

    chat.closeInput()
    #expect(chat.waitForExit() == 0, "\(chat.stderr)")
    #expect(recorded().contains("s > CAP REQ echo-message\n"), "\(recorded())")
  }
}
