import Foundation
import Glibc
import IRCTestRequirements
import IRCTestSupport
import Testing

/// SASL through the built binary against InspIRCd with Atheme linked: EXTERNAL with a client
/// certificate the account has added, and a wrong PLAIN password failing cleanly.
@Suite(.ownThread, .requires(.inspircd, .atheme, .openssl), .timeLimit(.minutes(10)))
struct SASLLoginTests {
  @Test func saslExternalWithTheAccountsClientCertificateLogsIn() throws {
    let network = try ServicesNetwork()
    let client = try network.certificates.makeClient(named: "dana")
    let certificateFile = try network.certificates.combinedFile(for: client)
    let owner = try RawIRCClient.connect(port: network.server.port)
    defer { owner.close() }
    try owner.register(nick: "dana")
    try owner.registerAccount(password: "external-\(UInt32.random(in: 1000...9999))")
    try owner.addCertificate(fingerprint: client.fingerprint)
    owner.close()
    let watcher = try network.watcher(in: "#vault")
    defer { watcher.close() }

    let home = try ScratchFolder()
    defer { home.remove() }
    let chat = try RunningChat(
      [
        "--server", "ircs://localhost:\(network.tlsPort)/#vault", "--name", "dana2",
        "--tls-ca", network.certificates.authority, "--tls-cert", certificateFile,
        "--sasl-user", "dana", "--renderer", "jsonl",
      ], environment: home.environment())
    defer { chat.stop() }
    try watcher.waitFor("dana2's JOIN", timeout: 20) { $0.command == "JOIN" && $0.nick == "dana2" }
    #expect(try watcher.account(of: "dana2") == "dana", "the server says dana2 is logged in")
    #expect(chat.stderr.contains("logged in as dana"), "\(chat.stderr)")
    chat.type("by certificate")
    chat.closeInput()
    #expect(chat.waitForExit() == 0, "\(chat.stderr)")
    let said = try watcher.waitFor("the message") { $0.command == "PRIVMSG" && $0.nick == "dana2" }
    #expect(said.trailing == "by certificate")
  }

  @Test func aWrongPasswordFailsCleanlyWithoutRegisteringOrShowingIt() throws {
    let network = try ServicesNetwork()
    let owner = try RawIRCClient.connect(port: network.server.port)
    defer { owner.close() }
    try owner.register(nick: "erin")
    try owner.registerAccount(password: "right-\(UInt32.random(in: 1000...9999))")
    owner.close()
    let watcher = try network.watcher(in: "#vault")
    defer { watcher.close() }

    let wrong = "wrong-password-\(UInt32.random(in: 100_000...999_999))"
    let home = try ScratchFolder()
    defer { home.remove() }
    let log = home.path + "/chat.log"
    let run = try BinaryRunner.run(
      [
        "--server", "ircs://localhost:\(network.tlsPort)/#vault", "--name", "erin2",
        "--tls-ca", network.certificates.authority, "--sasl-user", "erin", "--log", log,
        "--renderer", "jsonl",
      ], stdin: Array("never sent\n".utf8),
      environment: home.environment(["CHAT_SASL_PASSWORD": wrong]), timeout: 30)
    #expect(run.status == 77, "\(run.stderr)")
    #expect(
      run.stderr.contains("SASL PLAIN failed: the server refused the account name or password"),
      "\(run.stderr)")
    let last = run.stderr.split(separator: "\n").last.map(String.init) ?? ""
    #expect(last.hasPrefix("chat: "), "the reason is the last line: \(run.stderr)")
    #expect(!run.output.contains("never sent"), "\(run.output)")
    let logged = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
    let payload = Data("erin\u{0}erin\u{0}\(wrong)".utf8).base64EncodedString()
    for output in [run.output, run.stderr, logged] {
      #expect(!output.contains(wrong))
      #expect(!output.contains(payload))
    }
    // The server never saw erin2 registered: no JOIN, no message, no such nick now.
    let seen = try watcher.collect(for: 1)
    #expect(!seen.contains { $0.nick == "erin2" }, "\(watcher.recent)")
    #expect(throws: TestServerError.self) { try watcher.account(of: "erin2") }
  }
}

/// A refused login in line mode: the session gives up, and nothing waits for it.
@Suite(.ownThread, .requires(.inspircd, .atheme, .openssl), .timeLimit(.minutes(10)))
struct SASLLineModeTests {
  /// After the refusal, a line typed fails at once, saying why, and the first Ctrl-D leaves
  /// with 77 (today's defect: `[leaving, 1 pending]` until a second Ctrl-D).
  @Test func afterARefusedLoginALineFailsAtOnceAndTheFirstCtrlDLeaves() throws {
    let network = try ServicesNetwork()
    let owner = try RawIRCClient.connect(port: network.server.port)
    defer { owner.close() }
    try owner.register(nick: "gil")
    try owner.registerAccount(password: "right-\(UInt32.random(in: 1000...9999))")
    owner.close()
    let terminal = try PseudoTerminal(
      arguments: [
        "--server", "ircs://localhost:\(network.tlsPort)/#vault", "--name", "gil2",
        "--tls-ca", network.certificates.authority, "--sasl-user", "gil",
      ], environment: ["CHAT_SASL_PASSWORD=wrong-\(UInt32.random(in: 1000...9999))"])
    terminal.expectScreen("the refused login") {
      $0.text.replacingOccurrences(of: "\n", with: "").contains("not retried")
    }
    terminal.type("/msg #vault let me in\r")
    terminal.expectScreen("the line failed at once, saying why") {
      let text = $0.text.replacingOccurrences(of: "\n", with: "")
      return text.contains("[#vault] ! not delivered: let me in")
        && text.contains("a message was not delivered: not sent: SASL")
        && !$0.cursorLine.contains("pending")
    }
    terminal.type("\u{4}")
    #expect(terminal.waitForExit(within: 10) == 77, "\(terminal.report)")
  }
}

/// InspIRCd with a TLS port and Atheme linked, for the SASL tests; stopped in deinit.
final class ServicesNetwork {
  let certificates: TestCertificates
  let server: InspIRCdServer
  let services: AthemeServices
  let tlsPort: UInt16

  init() throws {
    certificates = try TestCertificates()
    var configuration = InspIRCdConfiguration()
    configuration.services = true
    configuration.tlsIdentities = [certificates.server]
    server = try InspIRCdServer.start(configuration)
    do {
      services = try AthemeServices.start(linkedTo: server)
    } catch {
      server.stop()
      throw error
    }
    tlsPort = server.tlsPort!
  }

  deinit {
    services.stop()
    server.stop()
    certificates.remove()
  }

  /// A raw client registered as `watcher` in `channel`.
  func watcher(in channel: String) throws -> RawIRCClient {
    let watcher = try RawIRCClient.connect(port: server.port)
    try watcher.register(nick: "watcher")
    try watcher.join("\(channel)")
    return watcher
  }
}
