import Foundation
import IRCTestSupport

/// The members of the scale benchmark's channels: one connection per bot (InspIRCd has no
/// other way to make a member), every bot in every channel, so that `bots` connections fill
/// `channels` channels with `bots` members each.
///
/// Done naively that costs the server the square of the members: every JOIN goes to everyone
/// already in the channel (50 million lines for 100 × 1,000) and every message to every bot.
/// So the channels are `+u` (auditorium: a join is shown to the channel's operators only, here
/// the organiser) while the bots join, and every bot is `+d` (deaf: no channel message is
/// delivered to it). Then `-u`: a client joining afterwards sees every member in `NAMES` and
/// holds them as a client in a big channel does.
final class BotCrowd {
  private(set) var bots: [RawIRCClient] = []

  /// The server lines the benchmark's server needs for this: more clients from 127.0.0.1,
  /// more channels per client, auditorium and deaf.
  static func configure(_ configuration: inout InspIRCdConfiguration, bots: Int, channels: Int) {
    configuration.clientLimit = bots + 50
    configuration.extraConfiguration = [
      #"<module name="auditorium">"#, #"<module name="deaf">"#,
      #"<auditorium opvisible="no" opcansee="yes" opercansee="yes">"#,
      #"<channels users="\#(channels + 10)" opers="\#(channels + 10)">"#,
    ].joined(separator: "\n")
  }

  /// Creates the channels as `organiser`, connects and registers `count` bots and has each
  /// join every channel; returns once the organiser has seen every join.
  init(port: UInt16, count: Int, channels: [String], organiser: RawIRCClient) throws {
    for group in Self.groups(channels) {
      try organiser.send("JOIN \(group)")
    }
    for channel in channels { try organiser.send("MODE \(channel) +u") }
    for _ in channels { try organiser.waitFor("366", timeout: 30) { $0.command == "366" } }

    // Batches of 100, each batch's joins seen by the organiser before the next registers: a
    // batch must register within 10 s, which it missed behind the joins of the one before on
    // a loaded machine.
    var joins = 0
    let deadline = Deadline(seconds: 300)
    for first in stride(from: 0, to: count, by: 100) {
      let batch = try (first..<min(first + 100, count)).map {
        (try RawIRCClient.connect(port: port), "bot\($0)")
      }
      bots += batch.map(\.0)
      try RawIRCClient.register(batch)
      for (bot, nick) in batch {
        var lines = "MODE \(nick) +d\r\n"
        for group in Self.groups(channels) { lines += "JOIN \(group)\r\n" }
        try bot.sendBytes(Array(lines.utf8))
      }
      answerPings()
      let expected = bots.count * channels.count
      while joins < expected, !deadline.hasPassed {
        guard let line = try organiser.nextLine(within: 1, waitingFor: "the bots' joins") else {
          answerPings()
          continue
        }
        if line.command == "JOIN" { joins += 1 }
      }
      guard joins >= expected else {
        throw TestServerError.refused("only \(joins) of \(expected) bot joins within 300 s")
      }
    }
    for channel in channels { try organiser.send("MODE \(channel) -u") }
    answerPings()
  }

  deinit { for bot in bots { bot.close() } }

  /// Reads what every bot has been sent (a channel's `NAMES`, a server `PING`) and answers
  /// PINGs, so that no bot is dropped for silence in a long run.
  func answerPings() {
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    for bot in bots {
      while true {
        let count = buffer.withUnsafeMutableBytes { read(bot.descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { break }
        let text = String(decoding: buffer[..<count], as: UTF8.self)
        if text.contains("PING ") { try? bot.send("PONG :irc1.test") }
      }
    }
  }

  /// Channels joined in lines of at most 40, well under the 512-byte line.
  private static func groups(_ channels: [String]) -> [String] {
    stride(from: 0, to: channels.count, by: 40).map {
      channels[$0..<min($0 + 40, channels.count)].joined(separator: ",")
    }
  }
}
