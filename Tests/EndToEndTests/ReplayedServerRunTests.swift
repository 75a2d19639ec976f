import Foundation
import IRCTestRequirements
import IRCTestSupport
import Testing

/// Recordings made live against a real InspIRCd of runs whose replay used to differ: a failed
/// message (exit 75), `--pacing`, a SASL login refused (exit 77), an STS policy applied
/// before connecting. Each replay exits, prints and says on stderr what the live run did.
@Suite(.ownThread, .requires(.inspircd), .timeLimit(.minutes(10)))
struct ReplayedServerRunTests {
  /// A message the server refuses (401) fails, and the piped run exits 75 saying how many:
  /// so does the replay, from the same refusal.
  @Test func aRunWithAFailedMessageReplaysItsStatusSeventyFive() throws {
    let server = try InspIRCdServer.start()
    defer { server.stop() }
    let home = try ScratchFolder()
    defer { home.remove() }
    let recording = home.path + "/run.chat"
    let live = try BinaryRunner.run(
      [
        "--server", "irc://127.0.0.1:\(server.port)/#ops", "--name", "bot", "--renderer",
        "jsonl", "--record", recording,
      ], stdin: Array("/msg nobody-here hello?\n".utf8), environment: home.environment())
    #expect(live.status == 75, "\(live.stderr)")
    #expect(live.stderr.hasSuffix("chat: 1 message not delivered\n"), "\(live.stderr)")
    try live.ending.expectReplay(of: recording, environment: home.environment())
  }

  /// `--pacing 1/2000` holds back lines typed together; `/list`, typed once the first has
  /// arrived, shows how many still wait. The header keeps the pacing, so the replay's client
  /// holds the same lines back (at the default pacing it would send them at once).
  @Test func aPacedRunReplaysWithItsPacing() throws {
    let server = try InspIRCdServer.start()
    defer { server.stop() }
    let watcher = try RawIRCClient.joined("#ops", as: "watcher", port: server.port)
    defer { watcher.close() }
    let home = try ScratchFolder()
    defer { home.remove() }
    let recording = home.path + "/run.chat"
    let chat = try RunningChat(
      [
        "--server", "irc://127.0.0.1:\(server.port)/#ops", "--name", "bot", "--renderer",
        "jsonl", "--pacing", "1/2000", "--record", recording,
      ], environment: home.environment())
    defer { chat.stop() }
    try watcher.waitFor("bot's JOIN", timeout: 20) { $0.command == "JOIN" && $0.nick == "bot" }
    chat.type("one\ntwo\nthree")
    let first = try watcher.waitFor("one", timeout: 20) { $0.command == "PRIVMSG" }
    #expect(first.trailing == "one")
    chat.type("/list")  // Two seconds before the next line may go.
    #expect(chat.waitFor(inErrors: true) { $0.contains("queued") }, "\(chat.stderr)")
    for text in ["two", "three"] {
      let said = try watcher.waitFor("\(text)", timeout: 20) { $0.command == "PRIVMSG" }
      #expect(said.trailing == text)
    }
    chat.closeInput()
    #expect(chat.waitForExit(within: 30) == 0, "\(chat.stderr)")
    let recorded = try String(contentsOfFile: recording, encoding: .utf8)
    #expect(recorded.contains("\npacing 1/2000\n"), "\(recorded)")
    try chat.ending.expectReplay(of: recording, environment: home.environment())
  }
}

/// A wrong SASL password: live exits 77 and says why last; the replay's engine finds the
/// refusal in the recorded lines and does the same.
@Suite(.ownThread, .requires(.inspircd, .atheme, .openssl), .timeLimit(.minutes(10)))
struct ReplayedSASLFailureTests {
  @Test func aRefusedSASLLoginReplaysItsStatusSeventySeven() throws {
    let network = try ServicesNetwork()
    let owner = try RawIRCClient.connect(port: network.server.port)
    defer { owner.close() }
    try owner.register(nick: "erin")
    try owner.registerAccount(password: "right-\(UInt32.random(in: 1000...9999))")
    owner.close()

    let home = try ScratchFolder()
    defer { home.remove() }
    let recording = home.path + "/run.chat"
    let environment = home.environment(["CHAT_SASL_PASSWORD": "wrong-password"])
    let live = try BinaryRunner.run(
      [
        "--server", "ircs://localhost:\(network.tlsPort)/#vault", "--name", "erin2",
        "--tls-ca", network.certificates.authority, "--sasl-user", "erin", "--renderer",
        "jsonl", "--record", recording,
      ], stdin: Array("never sent\n".utf8), environment: environment, timeout: 30)
    #expect(live.status == 77, "\(live.stderr)")
    #expect(live.stderr.contains("SASL PLAIN failed"), "\(live.stderr)")
    try live.ending.expectReplay(of: recording, environment: home.environment())
  }
}

/// A remembered STS policy upgrades `irc://` before the first dial, and chat says so first;
/// the recording names the address the user gave (`sts-upgraded-from`), and the replay says
/// the same at the same place.
@Suite(.ownThread, .requires(.inspircd, .openssl), .timeLimit(.minutes(10)))
struct ReplayedSTSUpgradeTests {
  @Test func theNoticeOfAnSTSPolicyAppliedBeforeConnectingIsReplayed() throws {
    let certificates = try TestCertificates()
    defer { certificates.remove() }
    var configuration = InspIRCdConfiguration()
    configuration.tlsIdentities = [certificates.server]
    let server = try InspIRCdServer.start(configuration)
    defer { server.stop() }
    let tlsPort = try #require(server.tlsPort)

    let home = try ScratchFolder()
    defer { home.remove() }
    let expiry = Int(Date().timeIntervalSince1970) + 3600
    try home.write("localhost \(tlsPort) \(expiry) 3600\n", to: "state/chat/sts")
    let environment = home.environment(["SSL_CERT_FILE": certificates.authority])
    let recording = home.path + "/run.chat"
    // Nothing listens on the plaintext port named: only the upgrade can reach the server.
    let plaintext = try ReservedPort()
    let live = try BinaryRunner.run(
      [
        "--server", "irc://localhost:\(plaintext.number)/#secure", "--name", "sts",
        "--renderer", "jsonl", "--record", recording,
      ], stdin: Array("over TLS\n".utf8), environment: environment)
    #expect(live.status == 0, "\(live.stderr)")
    #expect(
      live.stderr.hasPrefix("an STS policy for localhost upgrades the connection"),
      "\(live.stderr)")
    let recorded = try String(contentsOfFile: recording, encoding: .utf8)
    #expect(recorded.contains("\nserver ircs://localhost:\(tlsPort)\n"), "\(recorded)")
    #expect(
      recorded.contains("\nsts-upgraded-from irc://localhost:\(plaintext.number)\n"),
      "\(recorded)")
    try live.ending.expectReplay(of: recording, environment: home.environment())
  }
}
