import ChatCore
import ChatJSON
import ChatRendering

/// The JSON-lines event stream: one compact object per line, keys in a fixed order.
///
/// Every object starts with `"type"` and a per-run `"seq"` (1, 2, 3, … with no gaps). Types:
/// `start` (schema version, title, local user, active conversation, and `"tls":"insecure"`
/// while certificate verification is off), `status` (session status changes), `notice` (what
/// a network session told the user: its kind, words and time), `sent` (a message awaiting its echo), `message` (a message entered its
/// conversation), `failed` (a send that could not be delivered, and why), the conversation events
/// (`joined`, `left`, `active`, `member_joined`, `member_left`, `member_quit`, `nick`,
/// `members`, `topic`: see `JSONLinesFormatter+Events.swift`), the answers to the user's
/// questions to a server (`whois`, `who`, `channels`: see `JSONLinesFormatter+Replies.swift`),
/// `end` (the stream is complete:
/// counts of messages, failures, and sends still pending when chat stopped). Every
/// message-like object names its `"conversation"` (schema 2; schema 1 had none). Consumers
/// should ignore types and keys they do not know: new ones may be added, none removed or
/// renamed. The JSONLines article in this target's DocC catalog documents every field.
///
/// Each line is written in one go into room reserved for its longest possible form.
public struct JSONLinesFormatter: TranscriptFormatter {
  /// The schema version announced by the `start` object.
  public static let schemaVersion = 2

  /// The `seq` of the last object written.
  private var sequence = DecimalCounter()
  /// The time's text up to the second, made once for all the lines in that second.
  private var times = RFC3339Writer()

  /// Creates a formatter whose first object has `seq` 1.
  public init() {}

  public mutating func formatStart(_ state: AppState, into output: inout [UInt8]) {
    let room =
      Self.fixedRoom + JSONWriter.maximumLength(ofString: state.title)
      + JSONWriter.maximumLength(ofString: state.localName)
      + JSONWriter.maximumLength(ofString: state.conversations.activeName.text)
    output.append(reserving: room) { writer in
      open("start", &writer)
      writer.write(",\"schema\":")
      JSONWriter.writeInteger(Self.schemaVersion, to: &writer)
      writer.write(",\"title\":")
      JSONWriter.writeString(state.title, to: &writer)
      writer.write(",\"user\":")
      JSONWriter.writeString(state.localName, to: &writer)
      writer.write(",\"conversation\":")
      JSONWriter.writeString(state.conversations.activeName.text, to: &writer)
      // Only while verification is off, so a simulated run's `start` is as it always was.
      if state.isTLSUnverified { writer.write(",\"tls\":\"insecure\"") }
      close(&writer)
    }
  }

  /// What the session said, as a `notice` object, and the server's answers to the user's
  /// questions (`whois`, `who`, `channels`: see `JSONLinesFormatter+Replies.swift`); the
  /// user's own notices (`/help`, unknown commands) go to standard error, not into the stream.
  public mutating func format(_ notice: Notice, in state: AppState, into output: inout [UInt8]) {
    if case .reply(let reply, let time) = notice { return write(reply, at: time, into: &output) }
    guard case .session(let said, let time) = notice else { return }
    let text = said.description
    var room = Self.fixedRoom + JSONWriter.maximumLength(ofString: text)
    if case .standardReply(let reply) = said { room += Self.room(for: reply) }
    room += Self.monitorRoom(for: said)
    output.append(reserving: room) { writer in
      open("notice", &writer)
      writer.write(",\"notice\":")
      JSONWriter.writeString(said.kind, to: &writer)
      writer.write(",\"text\":")
      JSONWriter.writeString(text, to: &writer)
      if case .standardReply(let reply) = said { Self.write(reply, to: &writer) }
      Self.writeMonitorKeys(of: said, to: &writer)
      writer.write(",\"time\":\"")
      TimeFormat.writeRFC3339(time, to: &writer)
      writer.write(UInt8(ascii: "\""))
      close(&writer)
    }
  }

  public mutating func format(_ changes: Changes, in state: AppState, into output: inout [UInt8]) {
    if let status = changes.status {
      output.append(reserving: Self.fixedRoom) { writer in
        open("status", &writer)
        writer.write(",\"status\":\"")
        switch status {
        case .connected: writer.write("connected")
        case .connecting: writer.write("connecting")
        case .disconnected: writer.write("disconnected")
        }
        writer.write(UInt8(ascii: "\""))
        close(&writer)
      }
    }
    // Most renders bring no conversation event: not even an empty slice of the ring is made.
    if changes.eventCount > 0 {
      for event in changes.events(in: state) { write(event, in: state, into: &output) }
    }
    // By position, not `for message in`: each element is then borrowed where it is stored
    // instead of copied out and destroyed again, which cost a quarter of the formatting. The
    // positions are plain ranges: `indices.suffix(_:)` went through the generic slicing.
    for position in (state.outbox.count - changes.sentCount)..<state.outbox.count {
      write("sent", state.outbox[position], own: nil, into: &output)
    }
    for position in (state.messages.count - changes.enteredCount)..<state.messages.count {
      let own = state.messages[position].isLocal
      write("message", state.messages[position], own: own, into: &output)
    }
    for position in (state.failed.count - changes.failedCount)..<state.failed.count {
      write(
        "failed", state.failed[position].message, own: nil, reason: state.failed[position].reason,
        into: &output)
    }
  }

  public mutating func formatEnd(_ state: AppState, into output: inout [UInt8]) {
    output.append(reserving: Self.fixedRoom) { writer in
      open("end", &writer)
      writer.write(",\"messages\":")
      JSONWriter.writeInteger(state.messageCount, to: &writer)
      writer.write(",\"failed\":")
      JSONWriter.writeInteger(state.failed.count, to: &writer)
      // Stopped by a signal or a second quit, a message may still await its echo (or, held
      // while disconnected, its send): it has no `message` or `failed` line, so count it here.
      writer.write(",\"pending\":")
      JSONWriter.writeInteger(state.outbox.count + state.unsent.count, to: &writer)
      close(&writer)
    }
  }

  /// Room for everything in a line but its strings: keys, punctuation, numbers, id and time.
  static var fixedRoom: Int { 288 }

  /// One message-like object; a failed one carries its `reason` last.
  private mutating func write(
    _ type: StaticString, _ message: borrowing Message, own: Bool?, reason: String? = nil,
    into output: inout [UInt8]
  ) {
    let room =
      Self.fixedRoom + JSONWriter.maximumLength(ofString: message.sender)
      + JSONWriter.maximumLength(ofString: message.text)
      + JSONWriter.maximumLength(ofString: message.conversation.text)
      + JSONWriter.maximumLength(ofOptionalString: message.serverMessageID)
      + JSONWriter.maximumLength(ofOptionalString: message.account)
      + JSONWriter.maximumLength(ofOptionalString: message.inReplyTo?.serverMessageID)
      + JSONWriter.maximumLength(ofOptionalString: reason)
    output.append(reserving: room) { writer in
      open(type, &writer)
      writer.write(",\"conversation\":")
      JSONWriter.writeString(message.conversation.text, to: &writer)
      writer.write(",\"id\":")
      JSONWriter.writeUUID(message.id, to: &writer)
      writer.write(",\"sender\":")
      JSONWriter.writeString(message.sender, to: &writer)
      writer.write(",\"text\":")
      JSONWriter.writeString(message.text, to: &writer)
      writer.write(",\"time\":\"")
      times.write(message.time, to: &writer)
      writer.write(UInt8(ascii: "\""))
      if let own { writer.write(own ? ",\"own\":true" : ",\"own\":false") }
      if message.isAction { writer.write(",\"action\":true") }
      if message.isNotice { writer.write(",\"notice\":true") }
      if message.isBot { writer.write(",\"bot\":true") }
      if let reference = message.inReplyTo {
        writer.write(",\"reply_to\":")
        JSONWriter.writeString(reference.serverMessageID, to: &writer)
      }
      // Only a message that entered a conversation is a mention, or has the server's id.
      if own != nil {
        if message.isMention { writer.write(",\"mention\":true") }
        if message.isHistory { writer.write(",\"history\":true") }
        if let msgid = message.serverMessageID {
          writer.write(",\"msgid\":")
          JSONWriter.writeString(msgid, to: &writer)
        }
        if let account = message.account {
          writer.write(",\"account\":")
          JSONWriter.writeString(account, to: &writer)
        }
      }
      if let reason {
        writer.write(",\"reason\":")
        JSONWriter.writeString(reason, to: &writer)
      }
      close(&writer)
    }
  }

  mutating func open(_ type: StaticString, _ writer: inout ByteWriter) {
    sequence.increment()
    writer.write("{\"type\":\"")
    writer.write(type)
    writer.write("\",\"seq\":")
    sequence.write(to: &writer)
  }

  func close(_ writer: inout ByteWriter) {
    writer.write(UInt8(ascii: "}"))
    writer.write(UInt8(ascii: "\n"))
  }
}
