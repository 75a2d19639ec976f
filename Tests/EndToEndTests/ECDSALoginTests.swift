import Foundation
import Glibc
import IRCTestRequirements
import IRCTestSupport
import Testing

/// SASL ECDSA-NIST256P-CHALLENGE through the built binary against InspIRCd with Atheme: the
/// account's registered public key lets `--sasl-key` with its private half log in, another
/// key is refused (exit 77), and a key file others may read is refused before connecting.
@Suite(.ownThread, .requires(.inspircd, .atheme, .openssl), .timeLimit(.minutes(10)))
struct ECDSALoginTests {
  @Test func theRegisteredKeyLogsInAndAnotherIsRefused() throws {
    let network = try ServicesNetwork()
    let keys = try TemporaryDirectory(prefix: "chat-ecdsa")
    defer { keys.remove() }
    let key = try TestECKey(named: "fern", in: keys)
    let other = try TestECKey(named: "other", in: keys)
    let owner = try RawIRCClient.connect(port: network.server.port)
    defer { owner.close() }
    try owner.register(nick: "fern")
    try owner.registerAccount(password: "ecdsa-\(UInt32.random(in: 1000...9999))")
    try owner.setPublicKey(key.publicKey)
    owner.close()
    let watcher = try network.watcher(in: "#vault")
    defer { watcher.close() }

    let home = try ScratchFolder()
    defer { home.remove() }
    let recording = home.path + "/run.chat"
    let good = try BinaryRunner.run(
      [
        "--server", "irc://127.0.0.1:\(network.server.port)/#vault", "--name", "fern2",
        "--sasl-user", "fern", "--sasl-key", key.path, "--renderer", "jsonl", "--record",
        recording,
      ], stdin: Array("signed in\n".utf8), environment: home.environment(), timeout: 30)
    #expect(good.status == 0, "\(good.stderr)")
    #expect(good.stderr.contains("logged in as fern"), "\(good.stderr)")
    let said = try watcher.waitFor("the message") { $0.command == "PRIVMSG" && $0.nick == "fern2" }
    #expect(said.trailing == "signed in")
    let recorded = try String(contentsOfFile: recording, encoding: .utf8)
    #expect(recorded.contains("\nsasl ECDSA-NIST256P-CHALLENGE fern\n"), "\(recorded)")
    let pem = try String(contentsOfFile: key.path, encoding: .utf8)
    let body = pem.split(separator: "\n").dropFirst().first.map(String.init) ?? pem
    #expect(!recorded.contains(body), "no key material in the recording")

    let bad = try BinaryRunner.run(
      [
        "--server", "irc://127.0.0.1:\(network.server.port)/#vault", "--name", "fern3",
        "--sasl-user", "fern", "--sasl-key", other.path, "--renderer", "jsonl",
      ], stdin: Array("never sent\n".utf8), environment: home.environment(), timeout: 30)
    #expect(bad.status == 77, "\(bad.stderr)")
    #expect(
      bad.stderr.contains("SASL ECDSA-NIST256P-CHALLENGE failed: the server refused"),
      "\(bad.stderr)")
    #expect(!bad.output.contains("never sent"))
  }

  @Test func aKeyFileOthersMayReadIsRefusedNamingTheFlag() throws {
    let keys = try TemporaryDirectory(prefix: "chat-ecdsa")
    defer { keys.remove() }
    let key = try TestECKey(named: "open", in: keys)
    #expect(chmod(key.path, 0o644) == 0)
    let run = try BinaryRunner.run(
      [
        "--server", "irc://127.0.0.1:1/#vault", "--sasl-user", "fern", "--sasl-key", key.path,
      ], timeout: 30)
    #expect(run.status == 78, "\(run.stderr)")
    #expect(run.stderr.contains("--sasl-key '\(key.path)' is accessible by group or others"))
    let notAKey = keys.file("not-a-key.pem")
    _ = try keys.write("hello\n", to: "not-a-key.pem")
    #expect(chmod(notAKey, 0o600) == 0)
    let wrong = try BinaryRunner.run(
      ["--server", "irc://127.0.0.1:1/#vault", "--sasl-user", "fern", "--sasl-key", notAKey],
      timeout: 30)
    #expect(wrong.status == 78, "\(wrong.stderr)")
    #expect(wrong.stderr.contains("is not a PEM private key"), "\(wrong.stderr)")
  }
}
