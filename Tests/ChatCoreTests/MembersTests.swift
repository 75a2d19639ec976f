import Testing

@testable import ChatCore

/// The one list of a channel's members stays bounded whatever a server sends.
@Suite struct MembersTests {
  @Test func noMoreThanTheLimitAreKeptButAMemberAlreadyInIsStillRenamed() {
    var members = Members()
    for number in 0...Members.limit { members.insert("n\(number)", key: "n\(number)") }
    #expect(members.count == Members.limit)
    #expect(!members.contains(key: "n\(Members.limit)"))
    members.insert("N0", key: "n0")  // Already in: its spelling changes, the count does not.
    #expect(members.count == Members.limit)
    #expect(members.listed.contains(Member("N0", awayMessage: nil)))
  }
}

/// Ranks: every prefix kept in the network's order, lists sorted highest first.
@Suite struct MemberRankTests {
  static let order: [Character] = ["~", "@", "%", "+"]

  @Test func listedPutsTheHighestRankFirstThenSortsByKey() {
    var members = Members(prefixOrder: Self.order)
    members.insert(Member("zed", prefixes: "+"), key: "zed")
    members.insert(Member("amy"), key: "amy")
    members.insert(Member("Bob", prefixes: "@"), key: "bob")
    members.insert(Member("al", prefixes: "@"), key: "al")
    members.insert(Member("owner", prefixes: "~"), key: "owner")
    #expect(members.listed.map(\.nick) == ["owner", "al", "Bob", "zed", "amy"])
    #expect(members.listed.map { members.rank(of: $0) } == [0, 1, 1, 3, 4])
  }

  /// The first N of `listed` without sorting the rest (the full screen's nick list): the
  /// same members in the same order as `listed.prefix(N)`, for every N.
  @Test func theFirstFewListedAreThoseOfTheWholeList() {
    var members = Members(prefixOrder: Self.order)
    let prefixes = ["", "", "+", "", "@", "", "~", "%", "", "@+"]
    // A fixed shuffle of 200 nicks, ranks spread among them.
    for number in 0..<200 {
      let scrambled = (number * 73) % 200
      let nick = "n\(scrambled)"
      members.insert(
        Member(nick, prefixes: prefixes[scrambled % prefixes.count]), key: nick)
    }
    let all = members.listed
    for count in [0, 1, 2, 7, 37, 199, 200, 500] {
      #expect(members.listed(first: count) == Array(all.prefix(count)), "first \(count)")
    }
  }

  @Test func everyPrefixIsKeptInTheNetworksOrderAndUnknownOnesAreDropped() {
    var members = Members(prefixOrder: Self.order)
    members.insert(Member("bob", prefixes: "+@!+"), key: "bob")
    #expect(members.member(key: "bob")?.prefixes == "@+")
    #expect(members.member(key: "bob")?.highestPrefix == "@")
  }

  @Test func aModeGivesOrTakesOnePrefixAndChangesTheRank() {
    var members = Members(prefixOrder: Self.order)
    members.insert(Member("bob", prefixes: "+"), key: "bob")
    var changes = [members.setPrefix("@", held: true, key: "bob")]
    #expect(members.member(key: "bob")?.prefixes == "@+")
    changes.append(members.setPrefix("@", held: true, key: "bob"))
    changes.append(members.setPrefix("!", held: true, key: "bob"))
    changes.append(members.setPrefix("@", held: true, key: "nobody"))
    changes.append(members.setPrefix("+", held: false, key: "bob"))
    #expect(members.member(key: "bob")?.prefixes == "@")
    #expect(changes == [true, false, false, false, true])
  }

  @Test func aRenameKeepsPrefixesAccountAwayAndHost() {
    var members = Members(prefixOrder: Self.order)
    members.insert(Member("bob", prefixes: "@", user: "b", host: "h"), key: "bob")
    let changes = [
      members.apply(.account("bobby"), key: "bob"),
      members.setAway(key: "bob", message: "lunch"),
      members.rename(key: "bob", to: "Rob", newKey: "rob"),
    ]
    #expect(changes == [true, true, true])
    #expect(
      members.member(key: "rob")
        == Member(
          "Rob", prefixes: "@", account: "bobby", awayMessage: "lunch", user: "b", host: "h"))
    #expect(members.member(key: "rob")?.userHost == "b@h")
    #expect(!members.contains(key: "bob"))
  }

  @Test func insertingAgainKeepsWhatTheNewEntryDoesNotSay() {
    var members = Members(prefixOrder: Self.order)
    members.insert(Member("bob", account: "bobby", user: "b", host: "h"), key: "bob")
    members.insert(Member("Bob", prefixes: "+"), key: "bob")
    #expect(
      members.member(key: "bob")
        == Member("Bob", prefixes: "+", account: "bobby", user: "b", host: "h"))
  }

  @Test func newRulesReorderTheRanks() {
    var members = Members(prefixOrder: ["@", "+"])
    members.insert(Member("bob", prefixes: "@+"), key: "bob")
    members.reorder(["+"])
    #expect(members.member(key: "bob")?.prefixes == "+")
    #expect(members.prefixOrder == ["+"])
  }
}
