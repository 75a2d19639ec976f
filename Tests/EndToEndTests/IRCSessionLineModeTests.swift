import Foundation
import Glibc
import IRCTestRequirements
import IRCTestSupport
import Testing

/// `chat --server` in line mode when the server cannot be had.
@Suite(.ownThread, .timeLimit(.minutes(10)))
struct IRCSessionLineModeTests {
  @Test func aRefusedFirstConnectionIsRetriedWithBackoffAndCtrlDStillLeaves() throws {
    let port = try ReservedPort()
    let terminal = try PseudoTerminal(arguments: [
      "--server", "irc://127.0.0.1:\(port.number)/#ops", "--seed", "3",
    ])
    terminal.expectScreen("the refusal and the retry") {
      $0.text.contains("connection to 127.0.0.1:\(port.number) refused")
        && $0.text.contains("reconnecting to 127.0.0.1:\(port.number) in")
    }
    // A second attempt comes after the first delay (at most 1 s), and is refused again.
    terminal.expectScreen("a second attempt", within: 5) {
      $0.text.components(separatedBy: "refused").count >= 3
    }
    terminal.type("\u{4}")
    #expect(terminal.waitForExit(within: 10) == 0, "\(terminal.report)")
  }
}

@Suite(.ownThread, .requires(.inspircd, .openssl), .timeLimit(.minutes(10)))
struct IRCSessionLineModeTLSTests {
  @Test func anUntrustedCertificateIsShownAndNotRetried() throws {
    let certificates = try TestCertificates()
    defer { certificates.remove() }
    var configuration = InspIRCdConfiguration()
    configuration.tlsIdentities = [certificates.server]
    let server = try InspIRCdServer.start(configuration)
    defer { server.stop() }
    let port = try #require(server.tlsPort)
    let terminal = try PseudoTerminal(arguments: ["--server", "ircs://127.0.0.1:\(port)/#ops"])
    terminal.expectScreen("the refused certificate") {
      let text = $0.text.replacingOccurrences(of: "\n", with: "")
      return text.contains("127.0.0.1:\(port)") && text.contains("untrusted issuer")
        && text.contains("not retried")
    }
    #expect(!terminal.screen.text.contains("reconnecting"), "\(terminal.report)")
    // Leaving says once more why, and the status says the server was not to be had.
    terminal.type("\u{4}")
    #expect(terminal.waitForExit(within: 10) == 69, "\(terminal.report)")
  }

  /// After the refusal, a line typed fails at once, saying why, and the first Ctrl-D leaves
  /// with 69: nothing stays pending for a connection that will not come.
  @Test func afterTheRefusedCertificateALineFailsAtOnceAndTheFirstCtrlDLeaves() throws {
    let certificates = try TestCertificates()
    defer { certificates.remove() }
    var configuration = InspIRCdConfiguration()
    configuration.tlsIdentities = [certificates.server]
    let server = try InspIRCdServer.start(configuration)
    defer { server.stop() }
    let port = try #require(server.tlsPort)
    let terminal = try PseudoTerminal(arguments: ["--server", "ircs://127.0.0.1:\(port)/#ops"])
    terminal.expectScreen("the refused certificate") {
      $0.text.replacingOccurrences(of: "\n", with: "").contains("not retried")
    }
    terminal.type("/msg #ops anyone there?\r")
    terminal.expectScreen("the line failed at once, saying why") {
      let text = $0.text.replacingOccurrences(of: "\n", with: "")
      return text.contains("[#ops] ! not delivered: anyone there?")
        && text.contains("a message was not delivered: not sent: ")
        && !$0.cursorLine.contains("pending")
    }
    terminal.type("\u{4}")
    #expect(terminal.waitForExit(within: 10) == 69, "\(terminal.report)")
  }
}

@Suite(.ownThread, .requires(.inspircd), .timeLimit(.minutes(10)))
struct IRCSessionKeepListeningTests {
  @Test func keepListeningStaysAfterInputEndsAndShowsWhatArrives() throws {
    let server = try InspIRCdServer.start()
    defer { server.stop() }
    let home = try ScratchFolder()
    defer { home.remove() }
    let chat = try RunningChat(
      [
        "--server", "irc://127.0.0.1:\(server.port)/#logs", "--name", "logger",
        "--keep-listening", "--renderer", "jsonl",
      ], environment: home.environment())
    defer { chat.stop() }
    chat.closeInput()
    let talker = try RawIRCClient.connect(port: server.port)
    defer { talker.close() }
    try talker.register(nick: "talker")
    try talker.send("JOIN #logs")
    try talker.waitFor("logger in the channel") {
      $0.command == "353" && $0.raw.contains("logger")
        || $0.command == "JOIN" && $0.nick == "logger"
    }
    try talker.send("PRIVMSG #logs :after the input ended")
    #expect(chat.waitFor { $0.contains("after the input ended") }, "\(chat.stdout)")
    #expect(chat.isRunning)
    chat.stop()
    #expect(chat.exitStatus == 128 + SIGTERM, "stopped by the signal, not killed")
  }
}
