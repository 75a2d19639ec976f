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
