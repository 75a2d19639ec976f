import Foundation
import IRCTestRequirements
import IRCTestSupport
import Testing

/// 200 lines given at once reach the channel whole and in order under InspIRCd's default
/// flood settings (fakelag: about 9 lines at once, then about one a second; an 8 KiB recvq),
/// which disconnect a client that writes 20 KB of them at once ("RecvQ exceeded"). chat's pacing (a burst of 5, then one a
/// second) makes this take a little over three minutes.
/// Over three minutes: in the full tier only (`CHAT_TEST_TIER=full`).
@Suite(.ownThread, .requires(.inspircd), .fullTier, .timeLimit(.minutes(10)))
struct IRCPacingTests {
  static let count = 200

  @Test func twoHundredLinesAtOnceAllArriveInOrderUnderTheDefaultFloodLimits() throws {
    var configuration = InspIRCdConfiguration()
    configuration.connectClass = .inspircdDefaults
    let server = try InspIRCdServer.start(configuration)
    defer { server.stop() }
    let watcher = try RawIRCClient.joined("#paste", as: "watcher", port: server.port)
    defer { watcher.close() }

    let home = try ScratchFolder()
    defer { home.remove() }
    let chat = try RunningChat(
      ["--server", "irc://127.0.0.1:\(server.port)/#paste", "--name", "paster"],
      environment: home.environment())
    defer { chat.stop() }
    let started = ContinuousClock.now
    // About 100 bytes each: 20 KB at once would overflow the default 8 KiB recvq unpaced.
    let filler = Array(repeating: "lorem ipsum dolor", count: 5).joined(separator: " ")
    let lines = (1...Self.count).map { String(format: "pasted line %03d of 200: ", $0) + filler }
    // All of it at once, before chat has even registered: one paste.
    chat.type(lines.joined(separator: "\n"))
    chat.closeInput()

    var arrived: [String] = []
    let deadline = Deadline(seconds: 400)
    while arrived.count < Self.count, !deadline.hasPassed {
      let line = try watcher.waitFor("line \(arrived.count + 1) of \(Self.count)", timeout: 30) {
        ($0.command == "PRIVMSG" && $0.nick == "paster")
          || ($0.command == "QUIT" && $0.nick == "paster")
      }
      if line.command == "QUIT" { break }
      arrived.append(line.trailing ?? "")
    }
    let seconds = (ContinuousClock.now - started).seconds
    print("200 paced lines reached the channel in \(Int(seconds)) s")
    #expect(arrived == lines, "all of them, in order (\(arrived.count) arrived)")
    #expect(chat.waitForExit(within: 60) == 0, "\(chat.stderr)")
    #expect(!chat.stderr.contains("disconnected"), "never disconnected: \(chat.stderr)")
    #expect(!chat.stderr.contains("Excess Flood"), "\(chat.stderr)")
  }
}
