import Foundation
import IRCTestRequirements
import IRCTestSupport
import Testing

/// Messages of several lines (`draft/multiline`) through the built binary: on Ergo a JSON
/// `send` holding line feeds reaches another client as one batch, and a batch another client
/// sends is one message of chat's (JSON `text` with `\n`, the log's lines indented under the
/// sender); on InspIRCd, without the capability, one message a line as before.
@Suite(.ownThread, .timeLimit(.minutes(10)))
struct MultilineTests {
  /// bob, on `server`, with the capabilities that let him read and write batches, in `channel`.
  static func bob(in channel: String, on server: ErgoServer) throws -> RawIRCClient {
    let bob = try RawIRCClient.connect(port: server.port)
    try bob.register(
      nick: "bob", capabilities: ["batch", "draft/multiline", "message-tags", "server-time"])
    try bob.join(channel)
    return bob
  }

  /// The PRIVMSGs from `nick` bob reads until the batch they are in ends, and the batch's type.
  static func batch(from nick: String, read bob: RawIRCClient) throws -> (String, [IRCLine]) {
    let opening = try bob.waitFor("\(nick)'s batch") {
      $0.command == "BATCH" && $0.nick == nick && $0.parameters.first?.hasPrefix("+") == true
    }
    let reference = String(opening.parameters[0].dropFirst())
    var lines: [IRCLine] = []
    for _ in 0..<1000 {
      let line = try bob.waitFor("the batch's lines") {
        $0.command == "BATCH" || $0.command == "PRIVMSG"
      }
      if line.command == "BATCH", line.parameters.first == "-" + reference { break }
      if line.tags["batch"] == reference { lines.append(line) }
    }
    return (opening.parameters.count > 1 ? opening.parameters[1] : "", lines)
  }

  @Test(.requires(.ergo)) func aJSONSendOfSeveralLinesReachesAnotherClientAsOneBatch() throws {
    let server = try ErgoServer.start()
    defer { server.stop() }
    let bob = try Self.bob(in: "#m", on: server)
    defer { bob.close() }
    let home = try ScratchFolder()
    defer { home.remove() }
    let chat = try RunningChat(
      [
        "--server", "irc://127.0.0.1:\(server.port)/#m", "--name", "bot", "--renderer", "jsonl",
        "--input", "jsonl",
      ],
      environment: home.environment())
    defer { chat.stop() }
    #expect(chat.waitFor { $0.contains(#""type":"members""#) }, "\(chat.stdout)")
    let long = Array(repeating: "lorem ipsum", count: 60).joined(separator: " ")  // 719 bytes
    chat.type(#"{"type":"send","text":"first line\nsecond line\n\n"# + long + #""}"#)
    let (type, lines) = try Self.batch(from: "bot", read: bob)
    #expect(type == "draft/multiline")
    #expect(lines.count == 5, "\(lines)")
    #expect(lines.prefix(3).map { $0.trailing ?? "" } == ["first line", "second line", ""])
    // The long line in pieces, the second tagged to be joined to the first.
    #expect(lines.dropFirst(3).map { $0.tags["draft/multiline-concat"] != nil } == [false, true])
    #expect(lines.dropFirst(3).map { $0.trailing ?? "" }.joined() == long)
    // Delivered when the echoed batch came back: one message, whole.
    let whole = #""text":"first line\nsecond line\n\n"# + long + #"""#
    #expect(chat.waitFor { $0.contains(whole) }, "\(chat.stdout)")
    chat.closeInput()
    #expect(chat.waitForExit() == 0, "\(chat.stderr)")
    let own = ChatHistoryTests.messages(chat.stdout)
    #expect(own.count == 1, "\(chat.stdout)")
    #expect(own.first?["own"] as? Bool == true)
    #expect(own.first?["msgid"] is String)
  }

  @Test(.requires(.ergo)) func aBatchAnotherClientSendsIsOneMessage() throws {
    let server = try ErgoServer.start()
    defer { server.stop() }
    let bob = try Self.bob(in: "#m", on: server)
    defer { bob.close() }
    let home = try ScratchFolder()
    defer { home.remove() }
    let json = home.path + "/out.jsonl"
    let chat = try RunningChat(
      ["--server", "irc://127.0.0.1:\(server.port)/#m", "--name", "bot", "--jsonl", json],
      environment: home.environment())
    defer { chat.stop() }
    #expect(chat.waitFor { $0.contains("-- you joined") }, "\(chat.stdout)")
    for line in [
      "BATCH +b1 draft/multiline #m", "@batch=b1 PRIVMSG #m :hello bot", "@batch=b1 PRIVMSG #m :",
      "@batch=b1 PRIVMSG #m :how is ", "@batch=b1;draft/multiline-concat PRIVMSG #m :everyone?",
      "BATCH -b1", "PRIVMSG #m :after",
    ] {
      try bob.send(line)
    }
    #expect(chat.waitFor { $0.contains("bob: after") }, "\(chat.stdout)")
    chat.closeInput()
    #expect(chat.waitForExit() == 0, "\(chat.stderr)")
    // The log: the lines together under bob, those after the first indented.
    #expect(
      chat.stdout.contains("bob: hello bot\n\n             how is everyone?\n"), "\(chat.stdout)")
    let messages = ChatHistoryTests.messages(
      (try? String(contentsOfFile: json, encoding: .utf8)) ?? "")
    #expect(
      messages.map { $0["text"] as? String } == ["hello bot\n\nhow is everyone?", "after"],
      "\(messages)")
    #expect(messages.first?["mention"] as? Bool == true)
    #expect(messages.first?["msgid"] is String)
  }

  /// A bracketed paste at the prompt (line mode, a terminal) is one message where the server
  /// takes several lines as one; a paste with a command in it is typed a line at a time.
  @Test(.requires(.ergo)) func aPasteAtThePromptIsOneBatch() throws {
    let server = try ErgoServer.start()
    defer { server.stop() }
    let bob = try Self.bob(in: "#m", on: server)
    defer { bob.close() }
    let terminal = try PseudoTerminal(
      arguments: ["--server", "irc://127.0.0.1:\(server.port)/#m", "--name", "bot"], rows: 30,
      columns: 100)
    _ = try bob.waitFor("bot's join") { $0.command == "JOIN" && $0.nick == "bot" }
    terminal.expectScreen("the channel joined") { $0.text.contains("#m") }
    terminal.type("\u{1B}[200~\nfirst pasted\nsecond pasted\n\u{1B}[201~\r")
    let (type, lines) = try Self.batch(from: "bot", read: bob)
    #expect(type == "draft/multiline")
    #expect(lines.map { $0.trailing ?? "" } == ["first pasted", "second pasted"])
    terminal.expectScreen("the message, its lines together") { screen in
      let lines = screen.logicalLines
      guard let first = lines.firstIndex(where: { $0.hasSuffix("> bot: first pasted") }) else {
        return false
      }
      return lines.indices.contains(first + 1) && lines[first + 1] == "         second pasted"
    }
    terminal.type("\u{1B}[200~one by one\n/me waves\u{1B}[201~\r")
    let one = try bob.waitFor("the first line alone") {
      $0.command == "PRIVMSG" && $0.nick == "bot"
    }
    #expect(one.trailing == "one by one" && one.tags["batch"] == nil)
    let action = try bob.waitFor("the action") { $0.command == "PRIVMSG" && $0.nick == "bot" }
    #expect(action.trailing == "\u{1}ACTION waves\u{1}")
    terminal.type("/quit\r")
    #expect(terminal.waitForExit() == 0)
  }

  /// Without `draft/multiline` (InspIRCd) the lines go out as before: a message a line.
  @Test(.requires(.inspircd)) func withoutTheCapabilityEachLineIsAMessage() throws {
    let server = try InspIRCdServer.start()
    defer { server.stop() }
    let watcher = try RawIRCClient.joined("#m", as: "watcher", port: server.port)
    defer { watcher.close() }
    let home = try ScratchFolder()
    defer { home.remove() }
    let chat = try RunningChat(
      [
        "--server", "irc://127.0.0.1:\(server.port)/#m", "--name", "bot", "--renderer", "jsonl",
        "--input", "jsonl",
      ],
      environment: home.environment())
    defer { chat.stop() }
    #expect(chat.waitFor { $0.contains(#""type":"members""#) }, "\(chat.stdout)")
    chat.type(#"{"type":"send","text":"one\n\ntwo"}"#)
    var said: [String] = []
    for _ in 0..<2 {
      let line = try watcher.waitFor("bot's lines") {
        ($0.command == "PRIVMSG" || $0.command == "BATCH") && $0.nick == "bot"
      }
      said.append(line.command == "PRIVMSG" ? line.trailing ?? "" : line.raw)
    }
    #expect(said == ["one", "two"])
    #expect(chat.waitFor { $0.contains(#""text":"one\n\ntwo""#) }, "\(chat.stdout)")
    chat.closeInput()
    #expect(chat.waitForExit() == 0, "\(chat.stderr)")
    #expect(ChatHistoryTests.messages(chat.stdout).count == 1, "\(chat.stdout)")
  }
}

/// Several connections to one account (Ergo's bouncer behaviour): what you send from another
/// connection of your account arrives as a message from your own nick; chat shows it as
/// yours, in the conversation it went to (a channel, or the private chat with its target,
/// never one named after you), once.
@Suite(.ownThread, .requires(.ergo), .timeLimit(.minutes(10)))
struct SharedAccountTests {
  @Test func aMessageFromAnotherConnectionOfYourAccountIsYoursOnce() throws {
    let server = try ErgoServer.start()
    defer { server.stop() }
    let owner = try RawIRCClient.connect(port: server.port)
    try owner.register(nick: "bot")
    try owner.registerErgoAccount(password: "pw-bot-123")
    owner.close()
    let carol = try RawIRCClient.connect(port: server.port)
    defer { carol.close() }
    try carol.register(nick: "carol")
    let home = try ScratchFolder()
    defer { home.remove() }
    let password = try home.write("pw-bot-123\n", to: "bot.pass")
    let chat = try RunningChat(
      [
        "--server", "irc://127.0.0.1:\(server.port)/#m", "--name", "bot", "--renderer", "jsonl",
        "--sasl-user", "bot", "--sasl-password-file", password,
      ],
      environment: home.environment())
    defer { chat.stop() }
    #expect(chat.waitFor { $0.contains(#""type":"members""#) }, "\(chat.stdout)")
    // The phone: another connection logged in to the same account, so the same client.
    let phone = try RawIRCClient.connect(port: server.port)
    defer { phone.close() }
    try phone.register(
      nick: "bot", capabilities: ["batch", "draft/multiline", "message-tags"],
      sasl: .plain(account: "bot", password: "pw-bot-123"))
    try phone.send("PRIVMSG #m :from my phone")
    try phone.send("PRIVMSG carol :hi carol, from my phone")
    for line in [
      "BATCH +p draft/multiline #m", "@batch=p PRIVMSG #m :two lines",
      "@batch=p PRIVMSG #m :from it",
      "BATCH -p",
    ] {
      try phone.send(line)
    }
    _ = try carol.waitFor("the private message") { $0.command == "PRIVMSG" }
    #expect(
      chat.waitFor { $0.contains(#""text":"two lines\nfrom it""#) }, "\(chat.stdout)")
    chat.type("and from here")
    #expect(chat.waitFor { $0.contains(#""text":"and from here","time""#) }, "\(chat.stdout)")
    chat.closeInput()
    #expect(chat.waitForExit() == 0, "\(chat.stderr)")
    let messages = ChatHistoryTests.messages(chat.stdout)
    let texts = messages.map { $0["text"] as? String ?? "" }
    #expect(
      texts == ["from my phone", "hi carol, from my phone", "two lines\nfrom it", "and from here"],
      "\(chat.stdout)")
    #expect(messages.allSatisfy { $0["own"] as? Bool == true && $0["sender"] as? String == "bot" })
    #expect(messages.allSatisfy { $0["mention"] == nil })
    #expect(
      messages.map { $0["conversation"] as? String } == ["#m", "carol", "#m", "#m"],
      "\(chat.stdout)")
    #expect(!chat.stdout.contains(#""conversation":"bot""#), "\(chat.stdout)")
  }
}
