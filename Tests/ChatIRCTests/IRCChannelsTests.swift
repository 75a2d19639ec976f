import ChatCore
import Testing

@testable import ChatIRC

/// The channels part on its own: no wire, no nick of ours, keys folded by the caller.
@Suite(.timeLimit(.minutes(10)))
struct IRCChannelsTests {
  static let mapping = NameRules.CaseMapping.rfc1459

  static func joined(_ channel: String, members: [String] = []) -> IRCChannels {
    var channels = IRCChannels(autojoin: [channel])
    let key = mapping.folded(channel)
    channels.joining(channel, key: key, remember: false, mapping: mapping)
    _ = channels.weJoined(channel, key: key)
    for nick in members { _ = channels.memberJoined(nick, member: mapping.folded(nick), in: key) }
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

  @Test func aQuitOrANickChangeNamesTheChannelsTheMemberWasIn() {
    var channels = Self.joined("#b", members: ["Bob[1]"])
    channels.joining("#a", key: "#a", remember: false, mapping: Self.mapping)
    _ = channels.weJoined("#a", key: "#a")
    _ = channels.memberJoined("Bob[1]", member: "bob{1}", in: "#a")
    let renamed = channels.memberRenamed("bob{1}", to: "Rob", newKey: "rob")
    #expect(renamed == ["#a", "#b"])
    #expect(channels.contains("rob", in: "#a") && !channels.contains("bob{1}", in: "#a"))
    let quit = channels.memberQuit("rob")
    let again = channels.memberQuit("rob")
    #expect(quit == ["#a", "#b"] && again.isEmpty)
  }

  @Test func aNamesListReplacesTheMembersAtItsEnd() {
    var channels = Self.joined("#chat", members: ["gone"])
    channels.gatherNames("@alice +bob", for: "#chat", symbols: ["@", "+"])
    channels.gatherNames("carol!c@host", for: "#chat", symbols: ["@", "+"])
    let (name, members) = channels.endOfNames("#chat", mapping: Self.mapping)
    #expect(name == "#chat")
    #expect(
      members == [
        IRCMember(nick: "alice", prefixes: "@"), IRCMember(nick: "bob", prefixes: "+"),
        IRCMember(nick: "carol", prefixes: ""),
      ])
    #expect(!channels.contains("gone", in: "#chat") && channels.contains("carol", in: "#chat"))
    let other = channels.endOfNames("#other", mapping: Self.mapping)
    #expect(other.name == nil && other.members.isEmpty)
  }

  @Test func aNewCaseMappingFoldsEveryKeyAgain() {
    var channels = Self.joined("#A^", members: ["X^"])
    #expect(channels.name("#a~") == "#A^")
    channels.refold(.ascii)
    #expect(channels.name("#a~") == nil)
    #expect(channels.name("#a^") == "#A^")
    #expect(channels.contains("x^", in: "#a^"))
  }

  @Test func aNewConnectionKeepsOnlyTheChannelsToJoin() {
    var channels = Self.joined("#chat", members: ["bob"])
    channels.forget("#chat", mapping: Self.mapping)
    channels.joining("#next", key: "#next", remember: true, mapping: Self.mapping)
    channels.connectionStarted()
    #expect(channels.autojoin == ["#next"])
    #expect(channels.joinedNames.isEmpty && channels.pendingJoins.isEmpty)
  }
}
