import Foundation
import IRCTestRequirements
import IRCTestSupport
import Testing

/// Read markers (`draft/read-marker`) through the built binary on Ergo: two chats logged in
/// to one account (Ergo's several connections to one account); a JSON `read` request on one
/// clears the unread count of the conversation on the other, as `/list` shows, and both
/// report the marker in a JSON `read` object.
@Suite(.timeLimit(.minutes(10)))
struct ReadMarkerTests {
  static let password = "sesame-open-please"

  /// Registers the account `name` with Ergo's NickServ (which logs the new account in at
  /// once), then quits, so chat can log in to it.
  static func registerAccount(_ name: String, on server: ErgoServer) throws {
    let client = try RawIRCClient.connect(port: server.port)
    defer { client.close() }
    try client.register(nick: name)
    try client.registerErgoAccount(password: password)
    try client.send("QUIT :registered")
    _ = try client.waitFor(command: "ERROR")
  }

  /// The `read` objects of a JSON lines output for `conversation`, in order.
  static func reads(_ output: String, in conversation: String) -> [[String: Any]] {
    output.split(separator: "\n").compactMap { line in
      guard
        let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
        object["type"] as? String == "read", object["conversation"] as? String == conversation
      else { return nil }
      return object
    }
  }

  /// The `/list` blocks a log shows, each from `conversations:` to its end.
  static func lists(_ output: String) -> [String] {
    output.components(separatedBy: "conversations:\n").dropFirst().map {
      $0.split(separator: "\n").prefix { $0.hasPrefix("  ") || $0.hasPrefix("* ") }
        .joined(separator: "\n")
    }
  }

  @Test(.requires(.ergo)) func readingOnOneConnectionClearsTheUnreadCountOnTheOther() throws {
    let server = try ErgoServer.start()
    defer { server.stop() }
    try Self.registerAccount("dana", on: server)
    let home = try ScratchFolder()
    defer { home.remove() }
    let environment = home.environment(["CHAT_SASL_PASSWORD": Self.password])
    let jsonl = home.path + "/laptop.jsonl"
    // The laptop: piped, in #a with #r beside it, its log on standard output.
    let laptop = try RunningChat(
      [
        "--server", "irc://127.0.0.1:\(server.port)", "--join", "#a,#r", "--name", "dana",
        "--sasl-user", "dana", "--jsonl", jsonl,
      ],
      environment: environment)
    defer { laptop.stop() }
    #expect(
      laptop.waitFor { $0.contains("[#r] -- 1 member") },
      "\(laptop.stdout)\n\(laptop.stderr)")
    // The phone: the same account, driven by JSON lines.
    let phone = try RunningChat(
      [
        "--server", "irc://127.0.0.1:\(server.port)/#r", "--name", "dana", "--sasl-user", "dana",
        "--renderer", "jsonl", "--input", "jsonl",
      ],
      environment: environment)
    defer { phone.stop() }
    #expect(
      phone.waitFor { $0.contains(#""type":"joined","seq""#) && $0.contains(##""#r""##) },
      "\(phone.stdout)\n\(phone.stderr)")

    let bob = try RawIRCClient.joined("#r", as: "bob", port: server.port)
    defer { bob.close() }
    try bob.send("PRIVMSG #r :first")
    try bob.send("PRIVMSG #r :second")
    #expect(laptop.waitFor { $0.contains("bob: second") }, "\(laptop.stdout)")
    #expect(phone.waitFor { $0.contains(#""text":"second""#) }, "\(phone.stdout)")
    laptop.type("/list")
    // What the user asks is answered on standard error (standard output holds the log).
    #expect(laptop.waitFor(inErrors: true) { Self.lists($0).count == 1 }, "\(laptop.stderr)")
    #expect(Self.lists(laptop.stderr).first?.contains("#r (2 unread)") == true, "\(laptop.stderr)")

    phone.type(##"{"type":"read","conversation":"#r"}"##)
    #expect(
      phone.waitFor { !Self.reads($0, in: "#r").isEmpty }, "\(phone.stdout)\n\(phone.stderr)")
    // The laptop hears of it from the server, and #r has nothing unread any more.
    #expect(
      laptop.waitFor { _ in
        !Self.reads((try? String(contentsOfFile: jsonl, encoding: .utf8)) ?? "", in: "#r")
          .isEmpty
      }, "\(laptop.stdout)\n\(laptop.stderr)")
    laptop.type("/list")
    #expect(laptop.waitFor(inErrors: true) { Self.lists($0).count == 2 }, "\(laptop.stderr)")
    let after = Self.lists(laptop.stderr).last ?? ""
    #expect(after.contains("#r") && !after.contains("unread"), "\(laptop.stderr)")

    let phoneRead = try #require(Self.reads(phone.stdout, in: "#r").last)
    let laptopRead = try #require(
      Self.reads(try String(contentsOfFile: jsonl, encoding: .utf8), in: "#r").last)
    #expect(phoneRead["unread"] as? Int == 0)
    #expect(laptopRead["unread"] as? Int == 0)
    // Both at the time of bob's second message, as the server stamped it.
    let secondTime = Self.messageTime("second", in: phone.stdout)
    #expect(secondTime != nil && phoneRead["time"] as? String == secondTime, "\(phone.stdout)")
    #expect(laptopRead["time"] as? String == secondTime)
    laptop.closeInput()
    phone.closeInput()
    #expect(laptop.waitForExit() == 0, "\(laptop.stderr)")
    #expect(phone.waitForExit() == 0, "\(phone.stderr)")
  }

  /// The `time` of the JSON `message` whose text is `text`.
  static func messageTime(_ text: String, in output: String) -> String? {
    for line in output.split(separator: "\n") {
      guard
        let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
        object["type"] as? String == "message", object["text"] as? String == text
      else { continue }
      return object["time"] as? String
    }
    return nil
  }
}
