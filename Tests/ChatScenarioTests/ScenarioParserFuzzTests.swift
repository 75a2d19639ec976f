import ChatScenario
import Foundation
import Testing

/// The scenario-parser fuzz target's checks, run over its committed seed corpus in
/// `Tests/Fuzz/Corpus/scenario-parser/` and over every input it ever found a bug with.
@Suite(.timeLimit(.minutes(10))) struct ScenarioParserFuzzTests {
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

  /// Found by the fuzzer: a fault spec's own error repeated the value raw, so a control
  /// character in a `faults` line reached the terminal in the error message.
  @Test func faultSpecErrorsShowControlCharactersAsStandIns() {
    let found: [UInt8] = [0x09] + Array("faults ".utf8) + [0x04, UInt8(ascii: "g"), 0xCC]
    #expect(ScenarioParserProperties.violation(found) == nil)
    let error = #expect(throws: ScenarioError.self) {
      try ScenarioParser.parse(Array(#"faults "\e[2J=1""#.utf8), file: "f.chat")
    }
    #expect(
      error?.description
        == "f.chat:1: invalid faults '␛[2J=1': expected a fault spec: unknown fault '␛[2J':"
        + " expected drop, duplicate, jitter, disconnect or downtime")
  }
}
