import ChatCore
import ChatRendering

/// The JSON-lines event stream: one compact object per line, keys in a fixed order.
///
/// Every object starts with `"type"` and a per-run `"seq"` (1, 2, 3, … with no gaps). Types:
/// `start` (schema version, title, local user), `status` (session status changes), `sent` (a
/// message awaiting its echo), `message` (a message entered the conversation), `failed` (a
/// send that could not be delivered), `end` (the stream is complete). Consumers should ignore
/// types and keys they do not know: new ones may be added, none removed or renamed.
public struct JSONLinesFormatter: TranscriptFormatter {
  /// The schema version announced by the `start` object.
  public static let schemaVersion = 1

  private var sequence = 0

  /// Creates a formatter whose first object has `seq` 1.
  public init() {}

  public mutating func formatStart(_ state: AppState, into output: inout [UInt8]) {
    open("start", into: &output)
    output.append(literal: ",\"schema\":")
    JSONWriter.appendInteger(Self.schemaVersion, to: &output)
    output.append(literal: ",\"title\":")
    JSONWriter.appendString(state.title, to: &output)
    output.append(literal: ",\"user\":")
    JSONWriter.appendString(state.localName, to: &output)
    close(into: &output)
  }

  public mutating func format(_ changes: Changes, in state: AppState, into output: inout [UInt8]) {
    if let status = changes.status {
      open("status", into: &output)
      output.append(literal: ",\"status\":")
      JSONWriter.appendString(status.rawValue, to: &output)
      close(into: &output)
    }
    for message in changes.sent(in: state) {
      open("sent", into: &output)
      append(message, into: &output)
      close(into: &output)
    }
    for message in changes.entered(in: state) {
      open("message", into: &output)
      append(message, into: &output)
      output.append(literal: message.sender == state.localName ? ",\"own\":true" : ",\"own\":false")
      close(into: &output)
    }
    for message in changes.failed(in: state) {
      open("failed", into: &output)
      append(message, into: &output)
      close(into: &output)
    }
  }

  public mutating func formatEnd(_ state: AppState, into output: inout [UInt8]) {
    open("end", into: &output)
    output.append(literal: ",\"messages\":")
    JSONWriter.appendInteger(state.messageCount, to: &output)
    output.append(literal: ",\"failed\":")
    JSONWriter.appendInteger(state.failed.count, to: &output)
    close(into: &output)
  }

  private mutating func open(_ type: StaticString, into output: inout [UInt8]) {
    sequence += 1
    output.append(literal: "{\"type\":\"")
    output.append(literal: type)
    output.append(literal: "\",\"seq\":")
    JSONWriter.appendInteger(sequence, to: &output)
  }

  private func append(_ message: Message, into output: inout [UInt8]) {
    output.append(literal: ",\"id\":")
    JSONWriter.appendUUID(message.id, to: &output)
    output.append(literal: ",\"sender\":")
    JSONWriter.appendString(message.sender, to: &output)
    output.append(literal: ",\"text\":")
    JSONWriter.appendString(message.text, to: &output)
    output.append(literal: ",\"time\":\"")
    TimeFormat.appendRFC3339(message.time, to: &output)
    output.append(UInt8(ascii: "\""))
  }

  private func close(into output: inout [UInt8]) {
    output.append(contentsOf: [UInt8(ascii: "}"), UInt8(ascii: "\n")])
  }
}
