import ChatIRCSession
import Testing

@Suite(.timeLimit(.minutes(1)))
struct IRCMessageIDTests {
  @Test func theSameMsgidAlwaysGivesTheSameUUID() {
    let id = IRCMessageID.uuid(forMessageID: "1AA~1796116348~0")
    #expect(id == IRCMessageID.uuid(forMessageID: "1AA~1796116348~0"))
    // Fixed across runs and builds: a stored transcript's ids stay valid.
    #expect(id.uuidString == IRCMessageID.uuid(forMessageID: "1AA~1796116348~0").uuidString)
    #expect(id.uuidString.dropFirst(14).first == "8")
  }

  @Test func differentMsgidsGiveDifferentUUIDs() {
    let ids = Set((0..<1000).map { IRCMessageID.uuid(forMessageID: "1AA~1796116348~\($0)") })
    #expect(ids.count == 1000)
  }
}
