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
    let note = ServerRequirement.skipNote(ServerRequirement.allCases)
    #expect(note.hasSuffix("apt-get install inspircd ngircd atheme-services openssl"))
  }
}
