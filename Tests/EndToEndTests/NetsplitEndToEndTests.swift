import Foundation
import IRCTestRequirements
import IRCTestSupport
import Testing

/// chat on a network of two linked InspIRCd servers: messages across the link, and a netsplit
/// (an operator's `SQUIT`, or a server killed) shown as one grouped notice on the side that
/// survives, with the people back in one notice on the relink.
/// Two linked servers, a split and a killed server: in the full tier only
/// (`CHAT_TEST_TIER=full`).
@Suite(.ownThread, .requires(.inspircd), .fullTier, .timeLimit(.minutes(10)))
struct NetsplitEndToEndTests {
  /// How many times `text` occurs in `output`.
  private func count(_ text: String, in output: String) -> Int {
    output.components(separatedBy: text).count - 1
  }

  /// Raw clients registered on `port` and in #chat.
  private func people(_ nicks: [String], on port: UInt16) throws -> [RawIRCClient] {
    let clients = try nicks.map { _ in try RawIRCClient.connect(port: port) }
    try RawIRCClient.register(Array(zip(clients, nicks)))
    for client in clients {
      try client.join("#chat")
    }
    return clients
  }

  /// Waits until `watcher` has seen a JOIN of each of `nicks`.
  private func waitForJoins(of nicks: Set<String>, _ watcher: RawIRCClient) throws {
    var seen: Set<String> = []
    while !nicks.isSubset(of: seen) {
      let join = try watcher.waitFor("the JOINs of \(nicks.subtracting(seen))") {
        $0.command == "JOIN"
      }
      seen.insert(join.nick ?? "")
    }
  }

  @Test func aSquitAndAKilledServerAreEachOneNoticeAndThePeopleComeBackInOne() throws {
    let network = try LinkedInspIRCdServers.start()
    defer { network.stop() }
    let near = try people(["alice"], on: network.one.port)
    defer { for client in near { client.close() } }
    var far = try people(["bob", "carol"], on: network.two.port)
    defer { for client in far { client.close() } }
    let alice = near[0]

    let home = try ScratchFolder()
    defer { home.remove() }
    // chat on irc1 writes the log; chat on irc2 JSON lines.
    let one = try RunningChat(
      [
        "--server", "irc://127.0.0.1:\(network.one.port)/#chat", "--name", "chatone",
        "--keep-listening", "--seed", "1",
      ],
      environment: home.environment())
    defer { one.stop() }
    let two = try RunningChat(
      [
        "--server", "irc://127.0.0.1:\(network.two.port)/#chat", "--name", "chattwo",
        "--renderer", "jsonl", "--keep-listening", "--seed", "2",
      ],
      environment: home.environment())
    defer { two.stop() }
    try waitForJoins(of: ["chatone", "chattwo"], alice)
    try waitForJoins(of: ["chatone", "chattwo"], far[0])

    // Across the link, both ways.
    one.type("hello from irc1")
    #expect(
      two.waitFor { $0.contains(#""sender":"chatone","text":"hello from irc1""#) },
      "\(two.stdout)\n\(two.stderr)")
    two.type("hello from irc2")
    #expect(one.waitFor { $0.contains("chattwo: hello from irc2") }, "\(one.stdout)")

    // An operator's SQUIT: one notice on each side, nobody disconnected.
    try network.split()
    // Both sides split: irc2 shows irc1's people leaving too.
    try far[0].waitFor("alice's QUIT on irc2") { $0.command == "QUIT" && $0.nick == "alice" }
    #expect(
      one.waitFor { $0.contains("-- netsplit: 3 people left #chat: ") },
      "\(one.stdout)\n\(one.stderr)")
    #expect(
      two.waitFor { $0.contains(#""type":"netsplit","seq":"#) && $0.contains(#""count":2"#) },
      "\(two.stdout)")
    #expect(!one.stdout.contains(" quit"), "no line per quit: \(one.stdout)")
    #expect(!two.stdout.contains("member_quit"), "no object per quit: \(two.stdout)")

    // Sent during the split: the near server's echo confirms it; only its side gets it.
    one.type("during the split")
    #expect(one.waitFor { $0.contains("chatone: during the split") }, "\(one.stdout)")
    try alice.waitFor("the message sent during the split") {
      $0.command == "PRIVMSG" && $0.trailing == "during the split"
    }

    try network.link()
    #expect(
      one.waitFor { $0.contains("-- netjoin: 3 people are back in #chat: ") }, "\(one.stdout)")
    #expect(two.waitFor { $0.contains(#""type":"netjoin""#) }, "\(two.stdout)")
    one.type("after the relink")
    for client in far {
      let said = try client.waitFor("the message after the relink") {
        $0.command == "PRIVMSG" && $0.trailing == "after the relink"
      }
      #expect(said.nick == "chatone")
    }
    #expect(
      !far.contains { $0.recent.contains { $0.contains("during the split") } },
      "the far side never got the message sent during the split")

    // irc2 killed by its pid: the same one notice on irc1, and chat there stays connected.
    try network.killTwo()
    #expect(
      one.waitFor { count("-- netsplit: 3 people left #chat: ", in: $0) == 2 }, "\(one.stdout)")
    #expect(one.isRunning)
    // irc2 again: its chat reconnects and rejoins, its people come back, then the link.
    try network.two.start()
    #expect(
      two.waitFor(within: 30) { count(#""type":"members","seq""#, in: $0) >= 2 },
      "\(two.stdout)\n\(two.stderr)")
    for client in far { client.close() }
    far = try people(["bob", "carol"], on: network.two.port)
    try network.link()
    #expect(
      one.waitFor { count("-- netjoin: 3 people are back in #chat: ", in: $0) == 2 },
      "\(one.stdout)")
    #expect(count(" quit", in: one.stdout) == 0, "\(one.stdout)")
    #expect(one.isRunning && two.isRunning)
  }
}
