import ChatCore
import ChatRendering
import Foundation
import JSONLinesRenderer
import LogRenderer
import Testing

/// The server's answers to the user's questions in each renderer: one JSON object each in JSON
/// lines; the log keeps the transcript only (the block goes to the
/// notice stream, as `/names` does).
@Suite(.timeLimit(.minutes(10))) struct ReplyRenderingTests {
  static let time = Timestamp.virtualEpoch.advanced(byMilliseconds: 250)

  static var whois: WhoisReply {
    var reply = WhoisReply(nick: "bob")
    reply.user = "~bob"
    reply.host = "h"
    reply.realName = "Bob \"B\""
    reply.channels = ["@#ops"]
    reply.server = "irc1.test"
    reply.idleSeconds = 12
    reply.signedOn = Timestamp(millisecondsSinceEpoch: 1_796_116_348_000)
    return reply
  }

  static func replied(_ reply: SessionReply) -> Action { .session(.replied(reply, time: time)) }

  @Test func aWhoisIsOneJSONObjectWithTheFactsGiven() throws {
    let text = try SessionNoticeRenderingTests.run(
      JSONLinesFormatter(), [Self.replied(.whois(Self.whois))])
    let lines = text.split(separator: "\n")
    #expect(
      lines[1]
        == #"{"type":"whois","seq":2,"nick":"bob","found":true,"user":"~bob","host":"h","real_name":"Bob \"B\"","channels":["@#ops"],"server":"irc1.test","operator":false,"idle_seconds":12,"signed_on":"2026-12-01T09:12:28.000Z","other":[],"time":"2025-01-01T12:00:00.250Z"}"#
    )
    var none = WhoisReply(nick: "ghost")
    none.isFound = false
    let missing = try SessionNoticeRenderingTests.run(
      JSONLinesFormatter(), [Self.replied(.whois(none))])
    #expect(
      missing.split(separator: "\n")[1]
        == #"{"type":"whois","seq":2,"nick":"ghost","found":false,"time":"2025-01-01T12:00:00.250Z"}"#
    )
  }

  @Test func aWhoAndAChannelListAreOneObjectEach() throws {
    var who = WhoReply(mask: "#ops")
    who.entries = [
      WhoReply.Entry(
        nick: "bob", user: "b", host: "h", server: "s", realName: "Bob", channel: "#ops",
        isAway: true, flags: "@")
    ]
    var list = ChannelList(mask: nil)
    list.channels = [ChannelList.Channel(name: "#ops", userCount: 2, topic: "t\u{1B}")]
    list.omitted = 4
    let text = try SessionNoticeRenderingTests.run(
      JSONLinesFormatter(), [Self.replied(.who(who)), Self.replied(.channels(list))])
    let lines = text.split(separator: "\n")
    #expect(
      lines[1]
        == ##"{"type":"who","seq":2,"mask":"#ops","count":1,"users":[{"nick":"bob","user":"b","host":"h","server":"s","real_name":"Bob","channel":"#ops","away":true,"flags":"@"}],"omitted":0,"time":"2025-01-01T12:00:00.250Z"}"##
    )
    #expect(
      lines[2]
        == ##"{"type":"channels","seq":3,"mask":null,"count":5,"channels":[{"name":"#ops","users":2,"topic":"t\u001B"}],"omitted":4,"time":"2025-01-01T12:00:00.250Z"}"##
    )
    for line in lines {
      #expect(throws: Never.self) { try JSONSerialization.jsonObject(with: Data(line.utf8)) }
    }
  }

  @Test func theLogLeavesAReplyToTheNoticeStream() throws {
    let log = try SessionNoticeRenderingTests.run(
      LogFormatter(), [Self.replied(.whois(Self.whois))])
    #expect(log.isEmpty)
  }
}
