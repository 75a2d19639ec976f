import ChatCore
import ChatJSON
import ChatRendering

// Schema 2's conversation events, one object each, in the order they happened:
//
//     {"type":"joined","seq":3,"conversation":"#room","kind":"channel","time":"…"}
//     {"type":"left","seq":9,"conversation":"#room","reason":"bye","time":"…"}
//     {"type":"active","seq":4,"conversation":"#room","time":"…"}
//     {"type":"member_joined","seq":5,"conversation":"#room","nick":"Bob","time":"…"}
//     {"type":"kick","seq":6,"conversation":"#room","by":"Alice","nick":"Bob","reason":"spam","time":"…"}
//     {"type":"member_left","seq":6,"conversation":"#room","nick":"Bob","reason":"bye","time":"…"}
//     {"type":"away","seq":8,"conversation":"#room","nick":"Bob","message":"lunch","time":"…"}
//     {"type":"account","seq":8,"conversation":"#room","nick":"Bob","account":"bob","time":"…"}
//     {"type":"host","seq":8,"conversation":"#room","nick":"Bob","user":"b","host":"example.org","time":"…"}
//     {"type":"real_name","seq":8,"conversation":"#room","nick":"Bob","real_name":"Bob Smith","time":"…"}
//     {"type":"member_quit","seq":7,"conversation":"#room","nick":"Bob","time":"…"}
//     {"type":"nick","seq":8,"conversation":"#room","from":"Bob","to":"Rob","time":"…"}
//     {"type":"members","seq":5,"conversation":"#room","count":2,"members":["Person B","PersonA"],"time":"…"}
//     {"type":"topic","seq":9,"conversation":"#room","topic":"hi","by":"Bob","time":"…"}
//     {"type":"netsplit","seq":10,"conversation":"#room","servers":"irc1.test irc2.test","count":2,"nicks":["Bob","Eve"],"time":"…"}
//     {"type":"netjoin","seq":11,"conversation":"#room","servers":"irc1.test irc2.test","count":2,"nicks":["Bob","Eve"],"time":"…"}
//     {"type":"read","seq":12,"conversation":"#room","unread":0,"mentions":0,"time":"…"}
//     {"type":"typing","seq":13,"conversation":"#room","nick":"Bob","state":"active","time":"…"}
//
// `reason` and `by` appear only when known; `topic` is null when the topic was cleared,
// `message` when the person came back, and `account` when they logged out;
// `members` lists the channel's members as the state holds them once the list arrived.

extension JSONLinesFormatter {
  /// Writes the object for `event`.
  mutating func write(_ event: ConversationEvent, in state: AppState, into output: inout [UInt8]) {
    var room = Self.fixedRoom + JSONWriter.maximumLength(ofString: event.conversation.text)
    var members: [String]?
    switch event.change {
    case .activated, .opened, .read: break
    case .closed(let reason): room += reason.map(JSONWriter.maximumLength(ofString:)) ?? 0
    case .memberAwayChanged(let nick, let message):
      room += JSONWriter.maximumLength(ofString: nick)
      room += message.map(JSONWriter.maximumLength(ofString:)) ?? 0
    case .memberChanged(let nick, let change):
      room += JSONWriter.maximumLength(ofString: nick) + 16
      switch change {
      case .account(let account): room += account.map(JSONWriter.maximumLength(ofString:)) ?? 0
      case .host(let user, let host):
        room += JSONWriter.maximumLength(ofString: user) + JSONWriter.maximumLength(ofString: host)
      case .realName(let realName): room += JSONWriter.maximumLength(ofString: realName)
      }
    case .invited(let nick, let channel, let author):
      room += nick.map(JSONWriter.maximumLength(ofString:)) ?? 0
      room +=
        JSONWriter.maximumLength(ofString: channel) + JSONWriter.maximumLength(ofString: author)
    case .kicked(let nick, let author, let reason):
      room += nick.map(JSONWriter.maximumLength(ofString:)) ?? 0
      room += JSONWriter.maximumLength(ofString: author)
      room += reason.map(JSONWriter.maximumLength(ofString:)) ?? 0
    case .modesChanged(let modes, let author):
      room += JSONWriter.maximumLength(ofString: modes) + JSONWriter.maximumLength(ofString: author)
    case .memberJoined(let nick), .typing(let nick, _):
      room += JSONWriter.maximumLength(ofString: nick)
    case .memberLeft(let nick, let reason), .memberQuit(let nick, let reason):
      room += JSONWriter.maximumLength(ofString: nick)
      room += reason.map(JSONWriter.maximumLength(ofString:)) ?? 0
    case .memberRenamed(let old, let new):
      room += JSONWriter.maximumLength(ofString: old) + JSONWriter.maximumLength(ofString: new)
    case .netjoin(let nicks, let servers), .netsplit(let nicks, let servers):
      room += JSONWriter.maximumLength(ofString: servers) + 24
      room += nicks.reduce(0) { $0 + 1 + JSONWriter.maximumLength(ofString: $1) }
    case .membersListed:
      members = state.conversations.index(of: event.conversation).flatMap {
        state.conversations[$0].members?.sorted
      }
      room += (members ?? []).reduce(0) { $0 + 1 + JSONWriter.maximumLength(ofString: $1) }
    case .topicChanged(let topic, let author):
      room += topic.map(JSONWriter.maximumLength(ofString:)) ?? 0
      room += author.map(JSONWriter.maximumLength(ofString:)) ?? 0
    case .renamed(let old, let reason):
      room += JSONWriter.maximumLength(ofString: old)
      room += reason.map(JSONWriter.maximumLength(ofString:)) ?? 0
    case .reacted(let reaction, let counts):
      room += JSONWriter.maximumLength(ofString: reaction.sender)
      room += JSONWriter.maximumLength(ofString: reaction.text)
      room += JSONWriter.maximumLength(ofString: reaction.target.serverMessageID)
      room += counts.reduce(0) { $0 + 24 + JSONWriter.maximumLength(ofString: $1.text) }
    }
    output.append(reserving: room) { writer in
      switch event.change {
      case .activated: open("active", &writer)
      case .closed: open("left", &writer)
      case .invited: open("invite", &writer)
      case .kicked: open("kick", &writer)
      case .modesChanged: open("mode", &writer)
      case .memberAwayChanged: open("away", &writer)
      case .memberChanged(_, .account): open("account", &writer)
      case .memberChanged(_, .host): open("host", &writer)
      case .memberChanged(_, .realName): open("real_name", &writer)
      case .memberJoined: open("member_joined", &writer)
      case .memberLeft: open("member_left", &writer)
      case .memberQuit: open("member_quit", &writer)
      case .memberRenamed: open("nick", &writer)
      case .membersListed: open("members", &writer)
      case .netjoin: open("netjoin", &writer)
      case .netsplit: open("netsplit", &writer)
      case .opened: open("joined", &writer)
      case .read: open("read", &writer)
      case .typing: open("typing", &writer)
      case .topicChanged: open("topic", &writer)
      case .reacted: open("reaction", &writer)
      case .renamed: open("renamed", &writer)
      }
      writer.write(",\"conversation\":")
      JSONWriter.writeString(event.conversation.text, to: &writer)
      switch event.change {
      case .activated: break
      case .closed(let reason):
        Self.writeOptional("reason", reason, to: &writer)
      case .memberAwayChanged(let nick, let message):
        Self.writeOptional("nick", nick, to: &writer)
        if let message {
          Self.writeOptional("message", message, to: &writer)
        } else {
          writer.write(",\"message\":null")
        }
      case .memberChanged(let nick, let change):
        Self.writeOptional("nick", nick, to: &writer)
        switch change {
        case .account(let account):
          if let account {
            Self.writeOptional("account", account, to: &writer)
          } else {
            writer.write(",\"account\":null")
          }
        case .host(let user, let host):
          Self.writeOptional("user", user, to: &writer)
          Self.writeOptional("host", host, to: &writer)
        case .realName(let realName):
          Self.writeOptional("real_name", realName, to: &writer)
        }
      case .invited(let nick, let channel, let author):
        Self.writeOptional("by", author, to: &writer)
        Self.writeOptional("channel", channel, to: &writer)
        if let nick {
          Self.writeOptional("nick", nick, to: &writer)
        } else {
          writer.write(",\"you\":true")
        }
      case .kicked(let nick, let author, let reason):
        Self.writeOptional("by", author, to: &writer)
        if let nick {
          Self.writeOptional("nick", nick, to: &writer)
        } else {
          writer.write(",\"you\":true")
        }
        Self.writeOptional("reason", reason, to: &writer)
      case .modesChanged(let modes, let author):
        Self.writeOptional("modes", modes, to: &writer)
        Self.writeOptional("by", author, to: &writer)
      case .memberJoined(let nick):
        Self.writeOptional("nick", nick, to: &writer)
      case .memberLeft(let nick, let reason), .memberQuit(let nick, let reason):
        Self.writeOptional("nick", nick, to: &writer)
        Self.writeOptional("reason", reason, to: &writer)
      case .memberRenamed(let old, let new):
        Self.writeOptional("from", old, to: &writer)
        Self.writeOptional("to", new, to: &writer)
      case .membersListed(let count):
        writer.write(",\"count\":")
        JSONWriter.writeInteger(count, to: &writer)
        if let members {
          writer.write(",\"members\":")
          Self.writeList(members, to: &writer)
        }
      case .netjoin(let nicks, let servers), .netsplit(let nicks, let servers):
        Self.writeOptional("servers", servers, to: &writer)
        writer.write(",\"count\":")
        JSONWriter.writeInteger(nicks.count, to: &writer)
        writer.write(",\"nicks\":")
        Self.writeList(nicks, to: &writer)
      case .read(let unread, let mentions):
        writer.write(",\"unread\":")
        JSONWriter.writeInteger(unread, to: &writer)
        writer.write(",\"mentions\":")
        JSONWriter.writeInteger(mentions, to: &writer)
      case .typing(let nick, let typing):
        Self.writeOptional("nick", nick, to: &writer)
        switch typing {
        case .active: writer.write(",\"state\":\"active\"")
        case .paused: writer.write(",\"state\":\"paused\"")
        case .done: writer.write(",\"state\":\"done\"")
        }
      case .opened(let kind):
        writer.write(",\"kind\":\"")
        switch kind {
        case .channel: writer.write("channel")
        case .privateChat: writer.write("private")
        case .server: writer.write("server")
        }
        writer.write(UInt8(ascii: "\""))
      case .topicChanged(let topic, let author):
        if let topic {
          Self.writeOptional("topic", topic, to: &writer)
        } else {
          writer.write(",\"topic\":null")
        }
        Self.writeOptional("by", author, to: &writer)
      case .renamed(let old, let reason):
        Self.writeOptional("from", old, to: &writer)
        Self.writeOptional("reason", reason, to: &writer)
      case .reacted(let reaction, let counts):
        Self.writeOptional("nick", reaction.sender, to: &writer)
        if reaction.isOwn { writer.write(",\"own\":true") }
        Self.writeOptional("reaction", reaction.text, to: &writer)
        Self.writeOptional("reply_to", reaction.target.serverMessageID, to: &writer)
        writer.write(",\"counts\":{")
        for (index, count) in counts.enumerated() {
          if index > 0 { writer.write(UInt8(ascii: ",")) }
          JSONWriter.writeString(count.text, to: &writer)
          writer.write(UInt8(ascii: ":"))
          JSONWriter.writeInteger(count.count, to: &writer)
        }
        writer.write(UInt8(ascii: "}"))
      }
      writer.write(",\"time\":\"")
      TimeFormat.writeRFC3339(event.time, to: &writer)
      writer.write(UInt8(ascii: "\""))
      close(&writer)
    }
  }

  /// Writes `["a","b"]`.
  static func writeList(_ strings: [String], to writer: inout ByteWriter) {
    writer.write(UInt8(ascii: "["))
    for (index, string) in strings.enumerated() {
      if index > 0 { writer.write(UInt8(ascii: ",")) }
      JSONWriter.writeString(string, to: &writer)
    }
    writer.write(UInt8(ascii: "]"))
  }

  /// Writes `,"key":"value"`, or nothing when `value` is nil.
  static func writeOptional(
    _ key: StaticString, _ value: String?, to writer: inout ByteWriter
  ) {
    guard let value else { return }
    writer.write(",\"")
    writer.write(key)
    writer.write("\":")
    JSONWriter.writeString(value, to: &writer)
  }
}
