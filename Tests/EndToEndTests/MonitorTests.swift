import Foundation
import IRCTestRequirements
import IRCTestSupport
import Testing

/// IRCv3 `MONITOR` through the built binary on Ergo: the networks file's `monitor` nicks are
/// watched once registered; someone coming online and going offline is a notice (JSON
/// `monitor_online`, `monitor_offline`); `/monitor +nick` adds (`731` at once for someone
/// away), `/monitor` lists, `/monitor -nick` stops; the server's `MONITOR` limit is kept
/// (`monitor_full`, nothing sent past it); with `extended-monitor` a watched nick's away
/// reaches their private chat though no channel is shared.
@Suite(.timeLimit(.minutes(10)))
struct MonitorTests {
  @Test(.requires(.ergo)) func watchedNicksComingAndGoingAreNoticesOnErgo() throws {
    var configuration = ErgoServer.Configuration()
    configuration.monitorEntries = 2
    let server = try ErgoServer.start(configuration)
    defer { server.stop() }
    let home = try ScratchFolder()
    defer { home.remove() }
    try home.write(
      "[ergo]\nserver = irc://127.0.0.1:\(server.port)/#mon\nmonitor = bob\n",
      to: "config/chat/networks")
    let chat = try RunningChat(
      ["--network", "ergo", "--name", "alice", "--renderer", "jsonl"],
      environment: home.environment())
    defer { chat.stop() }
    let notices = { (kind: String) in
      chat.stdout.split(separator: "\n").filter {
        $0.contains(#""type":"notice""#) && $0.contains(#""notice":"\#(kind)""#)
      }
    }
    #expect(chat.waitFor { $0.contains(#""type":"members""#) }, "\(chat.stdout)\n\(chat.stderr)")
    #expect(
      chat.waitFor { _ in notices("monitor_offline").contains { $0.contains(#""nicks":["bob"]"#) }
      },
      "\(chat.stdout)\n\(chat.stderr)")

    let bob = try RawIRCClient.connect(port: server.port)
    defer { bob.close() }
    try bob.register(nick: "bob")
    #expect(
      chat.waitFor { _ in
        notices("monitor_online").contains {
          $0.contains(#""text":"bob is online""#) && $0.contains(#""nicks":["bob"]"#)
        }
      }, "\(chat.stdout)")

    // extended-monitor: bob's away reaches his private chat, though no channel is shared.
    chat.type("/query bob")
    #expect(chat.waitFor { $0.contains(#""conversation":"bob","kind":"private""#) })
    try bob.send("AWAY :at lunch")
    #expect(
      chat.waitFor {
        $0.split(separator: "\n").contains {
          $0.contains(#""type":"away""#) && $0.contains(#""conversation":"bob""#)
            && $0.contains(#""message":"at lunch""#)
        }
      }, "\(chat.stdout)")

    // The server's limit is 2: carol fits, dave does not, and is never sent.
    chat.type("/monitor +carol,dave")
    #expect(
      chat.waitFor { _ in
        notices("monitor_full").contains {
          $0.contains(#""limit":2"#) && $0.contains(#""nicks":["dave"]"#)
        }
      }, "\(chat.stdout)")
    #expect(
      chat.waitFor { _ in notices("monitor_offline").contains { $0.contains(#""nicks":["carol"]"#) }
      },
      "\(chat.stdout)")
    chat.type("/monitor")
    #expect(
      chat.waitFor { _ in
        notices("monitor_list").contains {
          $0.contains(#""online":["bob"],"offline":["carol"]"#)
        }
      }, "\(chat.stdout)")

    bob.close()
    #expect(
      chat.waitFor { _ in
        notices("monitor_offline").filter { $0.contains(#""text":"bob is offline""#) }.count == 2
      }, "\(chat.stdout)")
    chat.type("/monitor -carol")
    chat.type("/monitor")
    #expect(
      chat.waitFor { _ in
        notices("monitor_list").contains { $0.contains(#""online":[],"offline":["bob"]"#) }
      }, "\(chat.stdout)")
    let carol = try RawIRCClient.connect(port: server.port)
    defer { carol.close() }
    try carol.register(nick: "carol")
    try carol.join("#mon")
    #expect(chat.waitFor { $0.contains(#""type":"member_joined""#) }, "\(chat.stdout)")
    #expect(notices("monitor_online").count == 1, "\(chat.stdout)")
    #expect(!chat.stdout.contains("dave is"), "\(chat.stdout)")
    chat.closeInput()
    #expect(chat.waitForExit() == 0, "\(chat.stderr)")
  }
}
