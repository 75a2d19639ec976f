import Foundation
import IRCTestRequirements
import IRCTestSupport
import Testing

/// 50 chat processes on two linked servers, each sending 100 messages to one channel at once.
/// Tens of seconds of fifty processes: in the full tier only (`CHAT_TEST_TIER=full`).
@Suite(.alone, .requires(.inspircd), .fullTier, .timeLimit(.minutes(10)))
struct NetworkLoadTests {
  static let processes = 50
  static let messagesEach = 100
  /// From the first line written to the last message shown: generous, for a 2-core machine
  /// shared with builds (33 s alone, 78 s in the full suite, 150 s once at load 12).
  /// Correctness, not speed.
  static let boundSeconds: Double = 300

  /// Starts the chats, alternating between the servers.
  private func startChats(
    _ network: LinkedInspIRCdServers, _ folder: ScratchFolder
  ) throws -> [LoadChat] {
    try (0..<Self.processes).map { index in
      let port = index % 2 == 0 ? network.one.port : network.two.port
      return try LoadChat(
        [
          "--server", "irc://127.0.0.1:\(port)/#load", "--name", "load\(index)",
          "--renderer", "jsonl", "--keep-listening", "--seed", "\(index + 1)",
          // The servers' flood limits are off: 100 lines at once, then one every 10 ms.
          "--pacing", "100/10",
        ], environment: folder.environment(), files: folder.path + "/load\(index)")
    }
  }

  /// Waits until `watcher` has seen every chat join.
  private func waitForJoins(_ watcher: RawIRCClient, _ nicks: Set<String>) throws {
    var seen: Set<String> = []
    while !nicks.isSubset(of: seen) {
      let join = try watcher.waitFor("\(nicks.count - seen.count) more JOINs", timeout: 60) {
        $0.command == "JOIN"
      }
      seen.insert(join.nick ?? "")
    }
  }

  @Test func fiftyChatsOnTwoServersEachSeeEveryOtherMessageOnceAndInOrder() throws {
    var configuration = InspIRCdConfiguration()
    configuration.connectClass = .unlimited
    let network = try LinkedInspIRCdServers.start(configuration)
    defer { network.stop() }
    let watchers = try [network.one.port, network.two.port].map {
      try RawIRCClient.connect(port: $0)
    }
    defer { for watcher in watchers { watcher.close() } }
    try RawIRCClient.register([(watchers[0], "watch1"), (watchers[1], "watch2")])
    for watcher in watchers {
      try watcher.join("#load")
    }
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let chats = try startChats(network, folder)
    defer { for chat in chats { chat.stop() } }
    let nicks = Set((0..<Self.processes).map { "load\($0)" })
    // Both servers know every member before anyone speaks.
    for watcher in watchers { try waitForJoins(watcher, nicks) }

    let started = ContinuousClock.now
    for (index, chat) in chats.enumerated() {
      chat.send((0..<Self.messagesEach).map { "m \(index) \($0)" })
    }
    let expected = Self.processes * Self.messagesEach
    let deadline = Deadline(seconds: Self.boundSeconds)
    while !deadline.hasPassed {
      for chat in chats { chat.readNewOutput() }
      if chats.allSatisfy({ $0.messageLines >= expected }) { break }
      guard chats.allSatisfy({ $0.isRunning }) else { break }
      usleep(100_000)
    }
    let seconds = (ContinuousClock.now - started).seconds
    let shown = chats.reduce(0) { $0 + $1.messageLines }
    print(
      "load: \(expected) messages sent, \(shown) shown of \(expected * Self.processes), \(seconds) s"
    )
    #expect(seconds < Self.boundSeconds)
    let running = chats.filter(\.isRunning).count
    #expect(running == Self.processes, "a chat exited early")
    for chat in chats { chat.stop() }

    for (index, chat) in chats.enumerated() {
      try check(chat, index: index)
    }
  }

  /// Every other chat's messages exactly once and in the order sent, its own confirmed, no
  /// failure and no disconnect.
  private func check(_ chat: LoadChat, index: Int) throws {
    var texts: [String: [String]] = [:]
    var own: [String] = []
    var statuses: [String] = []
    var failed = 0
    for line in chat.output.split(separator: "\n") {
      let object = try #require(
        JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
      switch object["type"] as? String {
      case "message":
        let sender = object["sender"] as? String ?? "?"
        let text = object["text"] as? String ?? "?"
        if object["own"] as? Bool == true {
          own.append(text)
        } else {
          texts[sender, default: []].append(text)
        }
      case "status": statuses.append(object["status"] as? String ?? "?")
      case "failed": failed += 1
      default: break
      }
    }
    let name = "load\(index)"
    #expect(own == (0..<Self.messagesEach).map { "m \(index) \($0)" }, "\(name)'s own")
    #expect(failed == 0, "\(name): \(failed) failed")
    #expect(statuses == ["connecting", "connected"], "\(name) stayed connected: \(statuses)")
    #expect(!chat.errors.contains("disconnected"), "\(name): \(chat.errors)")
    #expect(texts.count == Self.processes - 1, "\(name) heard \(texts.count) others")
    for other in 0..<Self.processes where other != index {
      let expected = (0..<Self.messagesEach).map { "m \(other) \($0)" }
      let heard = texts["load\(other)"] ?? []
      #expect(heard == expected, "\(name) from load\(other): \(heard.count) messages")
    }
  }
}
