import ChatCore
import ChatJSON
import ChatRendering

// The `MONITOR` notices carry their nicks after their `text`, for programs:
//     {"type":"notice","seq":7,"notice":"monitor_online","text":"bob is online","nicks":["bob"],"time":"…"}
//     {"type":"notice","seq":8,"notice":"monitor_list","text":"monitoring 2: bob online; dave offline","online":["bob"],"offline":["dave"],"time":"…"}
//     {"type":"notice","seq":9,"notice":"monitor_full","text":"…","limit":100,"nicks":["eve"],"time":"…"}
extension JSONLinesFormatter {
  /// The nick lists a `MONITOR` notice carries, by key; nil for another notice. (`if case`
  /// rather than a `switch` with `default:` over every other notice.)
  private static func monitorLists(of notice: SessionNotice) -> [(StaticString, [String])]? {
    if case .monitorOnline(let nicks) = notice { return [("nicks", nicks)] }
    if case .monitorOffline(let nicks) = notice { return [("nicks", nicks)] }
    if case .monitorFull(_, let nicks) = notice { return [("nicks", nicks)] }
    if case .monitorList(let online, let offline) = notice {
      return [("online", online), ("offline", offline)]
    }
    return nil
  }

  /// The room the notice's own keys take at most, beyond its `text`: 0 for another notice.
  static func monitorRoom(for notice: SessionNotice) -> Int {
    guard let lists = monitorLists(of: notice) else { return 0 }
    return 64
      + lists.reduce(0) { room, list in
        room + list.1.reduce(0) { $0 + 1 + JSONWriter.maximumLength(ofString: $1) }
      }
  }

  /// `"limit"` for a full list, then `"nicks"`, or `"online"` and `"offline"`; nothing for
  /// another notice.
  static func writeMonitorKeys(of notice: SessionNotice, to writer: inout ByteWriter) {
    guard let lists = monitorLists(of: notice) else { return }
    if case .monitorFull(let limit, _) = notice {
      writer.write(",\"limit\":")
      JSONWriter.writeInteger(limit, to: &writer)
    }
    for (key, nicks) in lists {
      writer.write(",\"")
      writer.write(key)
      writer.write("\":")
      writeList(nicks, to: &writer)
    }
  }
}
