import Foundation
import Glibc
import IRCTestRequirements
import IRCTestSupport
import Testing

/// What the session says and how the link is doing, on a real server: notices above the
/// prompt in line mode, lines waiting for the pacing allowance, the lag.
@Suite(.ownThread, .requires(.inspircd), .timeLimit(.minutes(10)))
struct IRCSessionStatusTests {
  @Test func aNickCollisionNoticeAppearsAboveThePromptAndThePromptStaysIntact() throws {
    let server = try InspIRCdServer.start()
    defer { server.stop() }
    let holder = try RawIRCClient.joined("#ops", as: "bot", port: server.port)
    defer { holder.close() }

    let terminal = try PseudoTerminal(arguments: [
      "--server", "irc://127.0.0.1:\(server.port)/#ops", "--name", "bot", "--no-color",
    ])
    terminal.expectScreen("the first prompt") { $0.cursorLine.hasSuffix(">") }
    // Typed before the server has registered chat (InspIRCd does that on a one-second tick).
    terminal.type("half typed")
    let notice = "-!- registered as bot_: bot was not available"
    terminal.expectScreen("the fallback above the prompt, the typed text intact") { screen in
      guard let row = screen.lines.firstIndex(where: { $0.contains(notice) }) else {
        return false
      }
      return row < screen.cursorRow && screen.cursorLine == "[bot_] #ops > half typed"
    }
    let lines = terminal.screen.lines
    #expect(
      lines.contains { $0.hasSuffix(" " + notice) && $0.first?.isNumber == true },
      "a timed line of its own\n\(terminal.report)")
    #expect(!terminal.screen.text.contains("chat: registered"), "\(terminal.report)")
    terminal.type("\r")
    let said = try holder.waitFor("bot_'s line") { $0.command == "PRIVMSG" }
    #expect(said.nick == "bot_" && said.trailing == "half typed")
    terminal.expectScreen("the line confirmed, the prompt plain again") {
      $0.text.contains("> bot_: half typed") && $0.cursorLine == "[bot_] #ops >"
    }
    terminal.type("\u{4}")
    #expect(terminal.waitForExit(within: 10) == 0, "\(terminal.report)")
  }

  @Test func aPastedBurstShowsTheLinesQueuedUntilTheyHaveGoneOut() throws {
    let server = try InspIRCdServer.start()
    defer { server.stop() }
    let watcher = try RawIRCClient.joined("#ops", as: "watcher", port: server.port)
    defer { watcher.close() }

    let terminal = try PseudoTerminal(arguments: [
      "--server", "irc://127.0.0.1:\(server.port)/#ops", "--name", "paster", "--no-color",
    ])
    terminal.expectScreen("joined #ops") { $0.cursorLine == "[paster] #ops >" }
    // The pacing allows a burst of 5, then one line a second: 9 lines leave some waiting.
    terminal.type((1...9).map { "line \($0)\r" }.joined())
    terminal.expectScreen("lines queued in the prompt") { screen in
      screen.cursorLine.range(
        of: #"^\[paster\] #ops \[\d+ pending, [1-9] queued\] >"#, options: .regularExpression)
        != nil
    }
    terminal.expectScreen("the queue emptied and the prompt plain again", within: 30) {
      $0.text.contains("> paster: line 9") && $0.cursorLine == "[paster] #ops >"
    }
    let said = try watcher.collect(for: 1).filter { $0.command == "PRIVMSG" }.map(\.trailing)
    #expect(said == (1...9).map { "line \($0)" })
    terminal.type("\u{4}")
    #expect(terminal.waitForExit(within: 10) == 0, "\(terminal.report)")
  }
}

/// The lag on a server without `echo-message`, where every message is confirmed by a `PING`
/// of chat's: its `PONG` measures the round trip.
@Suite(.ownThread, .requires(.ngircd), .timeLimit(.minutes(10)))
struct IRCSessionLagTests {
  @Test func theLagMeasuredIsInThePromptAndInList() throws {
    let server = try NgircdServer.start()
    defer { server.stop() }
    let terminal = try PseudoTerminal(arguments: [
      "--server", "irc://127.0.0.1:\(server.port)/#ops", "--name", "lagger", "--no-color",
    ])
    terminal.expectScreen("joined #ops") { $0.cursorLine == "[lagger] #ops >" }
    terminal.type("measure\r")
    terminal.expectScreen("the lag in the prompt") {
      $0.cursorLine.range(of: #"^\[lagger\] #ops \[lag \d+ms\] >$"#, options: .regularExpression)
        != nil
    }
    terminal.type("/list\r")
    terminal.expectScreen("the lag in /list") {
      $0.text.range(
        of: #"server: connected, lag \d+ms; you are lagger"#, options: .regularExpression)
        != nil
    }
    terminal.type("\u{4}")
    #expect(terminal.waitForExit(within: 10) == 0, "\(terminal.report)")
  }
}

/// `--tls-insecure` against InspIRCd's TLS port with a certificate nobody trusts: every
/// renderer says verification is off.
@Suite(.ownThread, .requires(.inspircd, .openssl), .timeLimit(.minutes(10)))
struct IRCSessionInsecureTLSTests {
  static func server(_ certificates: TestCertificates) throws -> InspIRCdServer {
    var configuration = InspIRCdConfiguration()
    configuration.tlsIdentities = [certificates.server]
    return try InspIRCdServer.start(configuration)
  }

  @Test func theJSONStartTheLogAndTheStandardErrorSaySo() throws {
    let certificates = try TestCertificates()
    defer { certificates.remove() }
    let server = try Self.server(certificates)
    defer { server.stop() }
    let port = try #require(server.tlsPort)
    let home = try ScratchFolder()
    defer { home.remove() }
    let log = home.path + "/chat.log"
    let run = try BinaryRunner.run(
      [
        "--server", "ircs://127.0.0.1:\(port)/#ops", "--name", "bold", "--tls-insecure",
        "--renderer", "jsonl", "--log", log,
      ], stdin: Array("hello\n".utf8), environment: home.environment())
    #expect(run.status == 0, "\(run.stderr)")
    let start = try #require(run.lines.first)
    #expect(start.hasSuffix(#","tls":"insecure"}"#), "\(run.output)")
    let said = "TLS to 127.0.0.1:\(port) is not verified (--tls-insecure)"
    #expect(
      run.lines.contains {
        $0.contains(#""type":"notice""#) && $0.contains(#""notice":"tls_unverified""#)
          && $0.contains(said)
      }, "\(run.output)")
    #expect(run.stderr.contains(said), "\(run.stderr)")
    let logged = try String(contentsOfFile: log, encoding: .utf8)
    // At the start: right after the first `* connecting`.
    let opening = logged.split(separator: "\n").prefix(2).map(String.init)
    #expect(opening.first?.hasSuffix(" * connecting") == true, "\(logged)")
    #expect(opening.last?.hasSuffix(" -!- " + said) == true, "\(logged)")
  }

  @Test func theLineModePromptSaysSo() throws {
    let certificates = try TestCertificates()
    defer { certificates.remove() }
    let server = try Self.server(certificates)
    defer { server.stop() }
    let port = try #require(server.tlsPort)
    let terminal = try PseudoTerminal(arguments: [
      "--server", "ircs://127.0.0.1:\(port)/#ops", "--name", "bold", "--tls-insecure",
      "--no-color",
    ])
    terminal.expectScreen("joined, the prompt saying TLS is not verified") {
      $0.cursorLine == "[bold] #ops [TLS not verified] >"
        && $0.text.contains("-!- TLS to 127.0.0.1:\(port) is not verified")
    }
    terminal.type("\u{4}")
    #expect(terminal.waitForExit(within: 10) == 0, "\(terminal.report)")
  }
}
