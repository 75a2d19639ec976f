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
    output.append(utf8: ",\"schema\":")
    JSONWriter.appendInteger(Self.schemaVersion, to: &output)
    output.append(utf8: ",\"title\":")
    JSONWriter.appendString(state.title, to: &output)
    output.append(utf8: ",\"user\":")
    JSONWriter.appendString(state.localName, to: &output)
    close(into: &output)
  }

  public mutating func format(_ changes: Changes, in state: AppState, into output: inout [UInt8]) {
    if let status = changes.status {
      open("status", into: &output)
      output.append(utf8: ",\"status\":")
      JSONWriter.appendString(status.rawValue, to: &output)
      close(into: &output)
    }
    for message in changes.sent {
      open("sent", into: &output)
      append(message, into: &output)
      close(into: &output)
    }
    for message in changes.entered {
      open("message", into: &output)
      append(message, into: &output)
      output.append(utf8: message.sender == state.localName ? ",\"own\":true" : ",\"own\":false")
      close(into: &output)
    }
    for message in changes.failed {
      open("failed", into: &output)
      append(message, into: &output)
      close(into: &output)
    }
  }

  public mutating func formatEnd(_ state: AppState, into output: inout [UInt8]) {
    open("end", into: &output)
    output.append(utf8: ",\"messages\":")
    JSONWriter.appendInteger(state.messageCount, to: &output)
    output.append(utf8: ",\"failed\":")
    JSONWriter.appendInteger(state.failed.count, to: &output)
    close(into: &output)
  }

  private mutating func open(_ type: StaticString, into output: inout [UInt8]) {
    sequence += 1
    output.append(utf8: "{\"type\":\"")
    output.append(
      contentsOf: UnsafeBufferPointer(start: type.utf8Start, count: type.utf8CodeUnitCount))
    output.append(utf8: "\",\"seq\":")
    JSONWriter.appendInteger(sequence, to: &output)
  }

  private func append(_ message: Message, into output: inout [UInt8]) {
    output.append(utf8: ",\"id\":")
    JSONWriter.appendUUID(message.id, to: &output)
    output.append(utf8: ",\"sender\":")
    JSONWriter.appendString(message.sender, to: &output)
    output.append(utf8: ",\"text\":")
    JSONWriter.appendString(message.text, to: &output)
    output.append(utf8: ",\"time\":\"")
    TimeFormat.appendRFC3339(message.time, to: &output)
    output.append(UInt8(ascii: "\""))
  }

  private func close(into output: inout [UInt8]) {
    output.append(contentsOf: [UInt8(ascii: "}"), UInt8(ascii: "\n")])
  }
}
