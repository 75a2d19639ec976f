import Foundation
import Testing

/// The scenario-parser fuzz target's checks, run over its committed seed corpus in
/// `Tests/Fuzz/Corpus/scenario-parser/` and over every input it ever found a bug with.
@Suite struct ScenarioParserFuzzTests {
  static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fuzz/Corpus/scenario-parser")

  static let corpusFiles =
    ((try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []).sorted()

  @Test func theCorpusIsThere() {
    #expect(!Self.corpusFiles.isEmpty, "no seed files in \(Self.corpus.path)")
  }

  @Test(arguments: corpusFiles)
  func everySeedKeepsEveryProperty(file: String) throws {
    let bytes = try [UInt8](Data(contentsOf: Self.corpus.appendingPathComponent(file)))
    #expect(ScenarioParserProperties.violation(bytes) == nil)
  }
}
