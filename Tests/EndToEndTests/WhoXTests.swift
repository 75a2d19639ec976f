import Foundation
import IRCTestRequirements
import IRCTestSupport
import Testing

/// WHOX through the built binary on Ergo: joining a channel where bob is already, logged in
/// and away, chat learns both from its one `WHO #chan %…` (the names list says neither), and
/// `/names` shows them.
@Suite(.timeLimit(.minutes(10)))
struct WhoXTests {
  @Test(.requires(.ergo)) func joiningLearnsMembersAccountsAndAwayStatesOnErgo() throws {
    let server = try ErgoServer.start()
    defer { server.stop() }
    let home = try ScratchFolder()
    defer { home.remove() }
    let bob = try RawIRCClient.connect(port: server.port)
    defer { bob.close() }
    try bob.register(nick: "bob")
    try bob.registerErgoAccount(password: "correct-horse-battery")
    try bob.send("AWAY :at lunch")
    _ = try bob.waitFor(command: "306")
    try bob.join("#whox")
    let chat = try RunningChat(
      [
        "--server", "irc://127.0.0.1:\(server.port)/#whox", "--name", "alice", "--renderer",
        "jsonl",
      ],
      environment: home.environment())
    defer { chat.stop() }
    #expect(chat.waitFor { $0.contains(#""type":"members""#) }, "\(chat.stdout)\n\(chat.stderr)")
    // The names list comes first; the WHO's answer after it. Ask until it is in.
    var shown = false
    for _ in 0..<50 where !shown {
      chat.type("/names")
      shown = chat.waitFor(within: 0.2, inErrors: true) { $0.contains("bob (account bob, away)") }
    }
    #expect(shown, "\(chat.stderr)")
    chat.closeInput()
    #expect(chat.waitForExit() == 0, "\(chat.stderr)")
  }
}
