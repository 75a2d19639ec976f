import Foundation
import Glibc
import IRCTestRequirements
import IRCTestSupport
import Testing

/// `chat --server` running while the test talks to it: two chats in one channel, a server
/// that dies and comes back.
@Suite(.ownThread, .requires(.inspircd), .timeLimit(.minutes(10)))
struct IRCSessionLiveTests {
  @Test func aPipedChatAndALineModeChatExchangeMessagesBothWays() throws {
    let server = try InspIRCdServer.start()
    defer { server.stop() }
    let watcher = try RawIRCClient.joined("#chat", as: "watcher", port: server.port)
    defer { watcher.close() }
    let url = "irc://127.0.0.1:\(server.port)/#chat"

    let home = try ScratchFolder()
    defer { home.remove() }
    let piped = try RunningChat(
      ["--server", url, "--name", "pipe", "--renderer", "jsonl"],
      environment: home.environment())
    defer { piped.stop() }
    let terminal = try PseudoTerminal(arguments: ["--server", url, "--name", "tty"])
    var joined: Set<String> = []
    while joined.count < 2 {
      let join = try watcher.waitFor("the JOINs of pipe and tty") { $0.command == "JOIN" }
      joined.insert(join.nick ?? "")
    }
    // A line typed before the prompt names #chat stays in the server's own conversation.
    terminal.expectScreen("tty in #chat") { $0.text.contains("[#chat] -- you joined") }

    terminal.type("hello from the terminal\r")
    #expect(
      piped.waitFor { $0.contains("\"sender\":\"tty\"") && $0.contains("hello from the terminal") },
      "\(piped.stdout)\n\(piped.stderr)")
    piped.type("hello from the pipe")
    terminal.expectScreen("the piped chat's message") { $0.text.contains("hello from the pipe") }
    terminal.expectScreen("its own message confirmed") {
      $0.text.contains("hello from the terminal")
    }

    piped.closeInput()
    #expect(piped.waitForExit() == 0, "\(piped.stderr)")
    terminal.type("\u{4}")
    #expect(terminal.waitForExit() == 0, "\(terminal.report)")
    let said = try watcher.collect(for: 1).filter { $0.command == "PRIVMSG" }
    #expect(
      said.compactMap(\.trailing).sorted() == ["hello from the pipe", "hello from the terminal"],
      "one copy each, nothing resent")
  }

  @Test func aKilledServerIsShownAndChatReconnectsAndRejoinsAfterItsRestart() throws {
    let server = try InspIRCdServer.start()
    defer { server.stop() }
    let home = try ScratchFolder()
    defer { home.remove() }
    let chat = try RunningChat(
      [
        "--server", "irc://127.0.0.1:\(server.port)/#chat", "--name", "bot", "--renderer",
        "jsonl", "--seed", "5",
      ], environment: home.environment())
    defer { chat.stop() }
    #expect(chat.waitFor { $0.contains("\"status\":\"connected\"") }, "\(chat.stderr)")

    server.kill()
    #expect(
      chat.waitFor(inErrors: true) { $0.contains("disconnected: ") && $0.contains("reconnecting") },
      "\(chat.stderr)")
    #expect(chat.stdout.contains("\"status\":\"disconnected\""))
    try server.restart()

    let watcher = try RawIRCClient.joined("#chat", as: "watcher", port: server.port)
    defer { watcher.close() }
    // The first delays of seed 5 are under 1 s and 2 s; InspIRCd takes a tick to register.
    let joined = try watcher.collect(for: 8).contains { $0.command == "JOIN" && $0.nick == "bot" }
    let rejoined =
      joined || watcher.history.contains { $0.command == "353" && $0.raw.contains("bot") }
    #expect(rejoined, "\(watcher.recent)\n\(chat.stderr)")
    chat.type("back again")
    let said = try watcher.waitFor("the message after the reconnect") {
      $0.command == "PRIVMSG" && $0.nick == "bot"
    }
    #expect(said.trailing == "back again")
    chat.closeInput()
    #expect(chat.waitForExit() == 0, "\(chat.stderr)")
  }
}

@Suite(.ownThread, .requires(.inspircd, .openssl), .timeLimit(.minutes(10)))
struct IRCSessionTLSTests {
  @Test func ircsWithThePrivateCAConnectsAndWithoutItExits69Untrusted() throws {
    let certificates = try TestCertificates()
    defer { certificates.remove() }
    var configuration = InspIRCdConfiguration()
    configuration.tlsIdentities = [certificates.server]
    let server = try InspIRCdServer.start(configuration)
    defer { server.stop() }
    let port = try #require(server.tlsPort)
    let home = try ScratchFolder()
    defer { home.remove() }
    let url = "ircs://127.0.0.1:\(port)/#secure"

    let trusted = try BinaryRunner.run(
      [
        "--server", url, "--name", "tls", "--tls-ca", certificates.authority, "--renderer", "jsonl",
      ],
      stdin: Array("over tls\n".utf8), environment: home.environment())
    #expect(trusted.status == 0, "\(trusted.stderr)")
    #expect(trusted.output.contains("\"text\":\"over tls\""), "\(trusted.output)")

    let untrusted = try BinaryRunner.run(
      ["--server", url, "--name", "tls"], stdin: Array("never sent\n".utf8),
      environment: home.environment())
    #expect(untrusted.status == 69, "\(untrusted.stderr)")
    #expect(untrusted.stderr.contains("127.0.0.1:\(port)"), "\(untrusted.stderr)")
    #expect(
      untrusted.stderr.contains("untrusted") || untrusted.stderr.contains("issuer"),
      "\(untrusted.stderr)")
  }
}

@Suite(.ownThread, .requires(.inspircd, .atheme), .timeLimit(.minutes(10)))
struct IRCSessionSASLTests {
  @Test func saslPlainLogsInAndThePasswordAppearsInNoOutput() throws {
    var configuration = InspIRCdConfiguration()
    configuration.services = true
    let server = try InspIRCdServer.start(configuration)
    defer { server.stop() }
    let services = try AthemeServices.start(linkedTo: server)
    defer { services.stop() }
    let password = "swordfish-\(UInt32.random(in: 1000...9999))"
    let owner = try RawIRCClient.connect(port: server.port)
    defer { owner.close() }
    try owner.register(nick: "dana")
    try owner.send("PRIVMSG NickServ :REGISTER \(password) dana@example.invalid")
    try owner.waitFor("900 logged in") { $0.command == "900" }
    owner.close()

    let home = try ScratchFolder()
    defer { home.remove() }
    let log = home.path + "/chat.log"
    let jsonl = home.path + "/chat.jsonl"
    let run = try BinaryRunner.run(
      [
        "--server", "irc://127.0.0.1:\(server.port)/#vault", "--name", "dana2", "--sasl-user",
        "dana", "--log", log, "--jsonl", jsonl, "--renderer", "jsonl",
      ], stdin: Array("logged in\n".utf8),
      environment: home.environment(["CHAT_SASL_PASSWORD": password]))
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.contains("logged in as dana"), "\(run.stderr)")
    let files = [log, jsonl].map { (try? String(contentsOfFile: $0, encoding: .utf8)) ?? "" }
    for output in [run.output, run.stderr] + files {
      #expect(!output.contains(password))
      #expect(!output.contains(Data("dana\u{0}dana\u{0}\(password)".utf8).base64EncodedString()))
    }
  }
}
