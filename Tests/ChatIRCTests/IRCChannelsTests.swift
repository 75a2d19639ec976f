import ChatCore
import Testing

@testable import ChatIRC

/// The channels part on its own: no wire, no nick of ours, keys folded by the caller.
@Suite(.timeLimit(.minutes(10)))
struct IRCChannelsTests {
  static let mapping = NameRules.CaseMapping.rfc1459

  static func joined(_ channel: String) -> IRCChannels {
    var channels = IRCChannels(autojoin: [channel])
    let key = mapping.folded(channel)
    channels.joining(channel, key: key, remember: false, mapping: mapping)
    _ = channels.weJoined(channel, key: key)
    return channels
  }

  @Test func aJoinAnsweredIsJoinedOnceAndNoLongerPending() {
    var channels = IRCChannels(autojoin: [])
    channels.joining("#Chat", key: "#chat", remember: true, mapping: Self.mapping)
    #expect(channels.pendingJoins == ["#chat"])
    #expect(channels.autojoin == ["#Chat"])
    let first = channels.weJoined("#Chat", key: "#chat")
    let second = channels.weJoined("#chat", key: "#chat")
    #expect(first && !second, "joined once")
    #expect(channels.pendingJoins.isEmpty)
    #expect(channels.joinedNames == ["#Chat"])
    channels.joining("#CHAT", key: "#chat", remember: true, mapping: Self.mapping)
    #expect(channels.autojoin == ["#Chat"], "the same channel is remembered once")
  }

  @Test func aNamesListIsHandedOnAtItsEndAndNotKept() {
    var channels = Self.joined("#chat")
    channels.gatherNames("@alice +bob", for: "#chat", symbols: ["@", "+"])
    channels.gatherNames("carol!c@host", for: "#chat", symbols: ["@", "+"])
    let (name, members) = channels.endOfNames("#chat")
    #expect(name == "#chat")
    #expect(
      members == [
        IRCMember(nick: "alice", prefixes: "@"), IRCMember(nick: "bob", prefixes: "+"),
        IRCMember(nick: "carol", prefixes: "", user: "c", host: "host"),
      ])
    // The next list starts afresh: the names of the last one are the core's now.
    channels.gatherNames("dave", for: "#chat", symbols: ["@", "+"])
    #expect(channels.endOfNames("#chat").members == [IRCMember(nick: "dave")])
    let other = channels.endOfNames("#other")
    #expect(other.name == nil && other.members.isEmpty)
  }

  @Test func aNewCaseMappingFoldsEveryKeyAgain() {
    var channels = Self.joined("#A^")
    #expect(channels.name("#a~") == "#A^")
    channels.refold(.ascii)
    #expect(channels.name("#a~") == nil)
    #expect(channels.name("#a^") == "#A^")
  }

  @Test func aNewConnectionKeepsOnlyTheChannelsToJoin() {
    var channels = Self.joined("#chat")
    channels.forget("#chat", mapping: Self.mapping)
    channels.joining("#next", key: "#next", remember: true, mapping: Self.mapping)
    channels.connectionStarted()
    #expect(channels.autojoin == ["#next"])
    #expect(channels.joinedNames.isEmpty && channels.pendingJoins.isEmpty)
  }
}
