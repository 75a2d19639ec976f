import ChatCore
import ChatJSON
import ChatRendering

// The server's answers to the user's questions, one object each, whole (never a line per
// line of the protocol):
//
//     {"type":"whois","seq":7,"nick":"bob","found":true,"user":"bob","host":"127.0.0.1","real_name":"Bob","channels":["@#ops"],"server":"irc1.test","server_info":"chat test server","account":"bob","secure":"is using a secure connection","operator":false,"away":"lunch","idle_seconds":12,"signed_on":"…","other":[],"time":"…"}
//     {"type":"who","seq":8,"mask":"#ops","count":1,"users":[{"nick":"bob","user":"bob","host":"127.0.0.1","server":"irc1.test","real_name":"Bob","channel":"#ops","away":false,"flags":"@"}],"omitted":0,"time":"…"}
//     {"type":"channels","seq":9,"mask":null,"count":1,"channels":[{"name":"#ops","users":2,"topic":"deploys"}],"omitted":0,"time":"…"}
//
// A fact the server did not give is left out (`user`, `host`, `real_name`, `server`,
// `server_info`, `account`, `secure`, `away`, `idle_seconds`, `signed_on`); `found` false
// comes with `nick` and `time` only. `count` counts what the server listed, `omitted` those
// not kept.

extension JSONLinesFormatter {
  /// Writes the object for `reply`, which arrived at `time`.
  mutating func write(_ reply: SessionReply, at time: Timestamp, into output: inout [UInt8]) {
    switch reply {
    case .whois(let whois): write(whois, at: time, into: &output)
    case .who(let who): write(who, at: time, into: &output)
    case .channels(let list): write(list, at: time, into: &output)
    }
  }

  private mutating func write(_ reply: WhoisReply, at time: Timestamp, into output: inout [UInt8]) {
    let strings =
      [
        reply.nick, reply.user, reply.host, reply.realName, reply.server, reply.serverInfo,
        reply.account, reply.secureConnection, reply.awayMessage,
      ].compactMap { $0 }
      + reply.channels + reply.other
    output.append(reserving: Self.room(for: strings)) { writer in
      open("whois", &writer)
      writer.write(",\"nick\":")
      JSONWriter.writeString(reply.nick, to: &writer)
      guard reply.isFound else {
        writer.write(",\"found\":false")
        return Self.closeWithTime(time, &writer)
      }
      writer.write(",\"found\":true")
      Self.writeOptional("user", reply.user, to: &writer)
      Self.writeOptional("host", reply.host, to: &writer)
      Self.writeOptional("real_name", reply.realName, to: &writer)
      writer.write(",\"channels\":")
      Self.writeList(reply.channels, to: &writer)
      Self.writeOptional("server", reply.server, to: &writer)
      Self.writeOptional("server_info", reply.serverInfo, to: &writer)
      Self.writeOptional("account", reply.account, to: &writer)
      Self.writeOptional("secure", reply.secureConnection, to: &writer)
      writer.write(reply.isOperator ? ",\"operator\":true" : ",\"operator\":false")
      Self.writeOptional("away", reply.awayMessage, to: &writer)
      if let idle = reply.idleSeconds {
        writer.write(",\"idle_seconds\":")
        JSONWriter.writeInteger(Int(idle), to: &writer)
      }
      if let signedOn = reply.signedOn {
        writer.write(",\"signed_on\":\"")
        TimeFormat.writeRFC3339(signedOn, to: &writer)
        writer.write(UInt8(ascii: "\""))
      }
      writer.write(",\"other\":")
      Self.writeList(reply.other, to: &writer)
      Self.closeWithTime(time, &writer)
    }
  }

  private mutating func write(_ reply: WhoReply, at time: Timestamp, into output: inout [UInt8]) {
    let strings =
      [reply.mask]
      + reply.entries.flatMap {
        [$0.nick, $0.user, $0.host, $0.server, $0.realName, $0.channel, $0.flags]
      }
    output.append(reserving: Self.room(for: strings) + 96 * reply.entries.count) { writer in
      open("who", &writer)
      writer.write(",\"mask\":")
      JSONWriter.writeString(reply.mask, to: &writer)
      writer.write(",\"count\":")
      JSONWriter.writeInteger(reply.entries.count + reply.omitted, to: &writer)
      writer.write(",\"users\":[")
      for (index, entry) in reply.entries.enumerated() {
        writer.write(index == 0 ? "{\"nick\":" : ",{\"nick\":")
        JSONWriter.writeString(entry.nick, to: &writer)
        Self.writeOptional("user", entry.user, to: &writer)
        Self.writeOptional("host", entry.host, to: &writer)
        Self.writeOptional("server", entry.server, to: &writer)
        Self.writeOptional("real_name", entry.realName, to: &writer)
        Self.writeOptional("channel", entry.channel, to: &writer)
        writer.write(entry.isAway ? ",\"away\":true" : ",\"away\":false")
        Self.writeOptional("flags", entry.flags, to: &writer)
        writer.write(UInt8(ascii: "}"))
      }
      writer.write("],\"omitted\":")
      JSONWriter.writeInteger(reply.omitted, to: &writer)
      Self.closeWithTime(time, &writer)
    }
  }

  private mutating func write(_ list: ChannelList, at time: Timestamp, into output: inout [UInt8]) {
    let strings = [list.mask ?? ""] + list.channels.flatMap { [$0.name, $0.topic] }
    output.append(reserving: Self.room(for: strings) + 64 * list.channels.count) { writer in
      open("channels", &writer)
      writer.write(",\"mask\":")
      if let mask = list.mask {
        JSONWriter.writeString(mask, to: &writer)
      } else {
        writer.write("null")
      }
      writer.write(",\"count\":")
      JSONWriter.writeInteger(list.channels.count + list.omitted, to: &writer)
      writer.write(",\"channels\":[")
      for (index, channel) in list.channels.enumerated() {
        writer.write(index == 0 ? "{\"name\":" : ",{\"name\":")
        JSONWriter.writeString(channel.name, to: &writer)
        writer.write(",\"users\":")
        JSONWriter.writeInteger(channel.userCount, to: &writer)
        writer.write(",\"topic\":")
        JSONWriter.writeString(channel.topic, to: &writer)
        writer.write(UInt8(ascii: "}"))
      }
      writer.write("],\"omitted\":")
      JSONWriter.writeInteger(list.omitted, to: &writer)
      Self.closeWithTime(time, &writer)
    }
  }

  /// Room for a line holding `strings`, each with a key and punctuation.
  private static func room(for strings: [String]) -> Int {
    strings.reduce(fixedRoom) { $0 + 24 + JSONWriter.maximumLength(ofString: $1) }
  }

  /// Writes `,"time":"…"}` and the newline.
  private static func closeWithTime(_ time: Timestamp, _ writer: inout ByteWriter) {
    writer.write(",\"time\":\"")
    TimeFormat.writeRFC3339(time, to: &writer)
    writer.write("\"}\n")
  }
}
