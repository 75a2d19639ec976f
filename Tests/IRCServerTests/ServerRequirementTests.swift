import IRCTestRequirements
import IRCTestSupport
import Testing

@Suite(.ownThread, .timeLimit(.minutes(10)))
struct ServerRequirementTests {
  /// Under `CHAT_REQUIRE_SERVERS=1` (CI) a missing server fails here, not only by skipping.
  @Test func everyServerIsInstalledWhereServersAreRequired() {
    ServerRequirement.recordIfMissing(ServerRequirement.allCases)
  }

  @Test func theSkipNoteNamesTheInstallCommand() {
    let note = ServerRequirement.note(forMissing: [.inspircd, .atheme])
    #expect(note == "needs inspircd, atheme-services: \(ServerRequirement.installCommand)")
    #expect(ServerRequirement.installCommand.hasSuffix("inspircd ngircd atheme-services openssl"))
  }

  @Test func theSkipNoteForErgoNamesItsVariable() {
    let note = ServerRequirement.note(forMissing: [.ngircd, .ergo])
    #expect(note.hasPrefix("needs ngircd, ergo: apt-get install"))
    #expect(note.contains("; set CHAT_ERGO to the path of an Ergo"))
  }
}
