import ChatCore
import ChatJSON
import ChatRendering

// A `standard_reply` notice carries the reply's parts after its `text`, for programs:
//     {"type":"notice","seq":7,"notice":"standard_reply","text":"server FAIL CHATHISTORY INVALID_PARAMS (LATEST): Invalid parameters","reply":"FAIL","command":"CHATHISTORY","code":"INVALID_PARAMS","context":["LATEST"],"time":"…"}
extension JSONLinesFormatter {
  /// The room the reply's own keys take at most, beyond the notice's.
  static func room(for reply: StandardReply) -> Int {
    64 + JSONWriter.maximumLength(ofString: reply.command)
      + JSONWriter.maximumLength(ofString: reply.code)
      + reply.context.reduce(0) { $0 + 1 + JSONWriter.maximumLength(ofString: $1) }
  }

  /// `"reply"`, `"command"`, `"code"` and `"context"` (an array, empty when there is none).
  static func write(_ reply: StandardReply, to writer: inout ByteWriter) {
    writer.write(",\"reply\":")
    JSONWriter.writeString(reply.severity.rawValue, to: &writer)
    writer.write(",\"command\":")
    JSONWriter.writeString(reply.command, to: &writer)
    writer.write(",\"code\":")
    JSONWriter.writeString(reply.code, to: &writer)
    writer.write(",\"context\":[")
    for (index, part) in reply.context.enumerated() {
      if index > 0 { writer.write(UInt8(ascii: ",")) }
      JSONWriter.writeString(part, to: &writer)
    }
    writer.write(UInt8(ascii: "]"))
  }
}
