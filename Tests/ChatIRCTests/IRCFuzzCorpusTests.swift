import Foundation
import Testing

/// The IRC fuzz targets' checks, run over their committed seed corpora in
/// `Tests/Fuzz/Corpus/irc-message/` and `Tests/Fuzz/Corpus/irc-client/`.
@Suite(.timeLimit(.minutes(10))) struct IRCFuzzCorpusTests {
  static let corpora = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fuzz/Corpus")

  static func files(_ target: String) -> [String] {
    let directory = corpora.appendingPathComponent(target).path
    return ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
  }

  static func bytes(_ target: String, _ file: String) throws -> [UInt8] {
    try [UInt8](
      Data(contentsOf: corpora.appendingPathComponent(target).appendingPathComponent(file)))
  }

  @Test func theCorporaAreThere() {
    #expect(!Self.files("irc-message").isEmpty && !Self.files("irc-client").isEmpty)
  }

  @Test(arguments: files("irc-message"))
  func everyMessageSeedKeepsEveryProperty(file: String) throws {
    #expect(IRCMessageProperties.violation(try Self.bytes("irc-message", file)) == nil)
  }

  @Test(arguments: files("irc-client"))
  func everyClientSeedKeepsEveryProperty(file: String) throws {
    #expect(IRCClientProperties.violation(try Self.bytes("irc-client", file)) == nil)
  }
}
