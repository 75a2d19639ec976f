import Foundation
import Testing

/// The json-writer fuzz target's checks, run over its committed seed corpus in
/// `Tests/Fuzz/Corpus/json-writer/`.
@Suite(.timeLimit(.minutes(10))) struct JSONWriterFuzzTests {
  static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fuzz/Corpus/json-writer")

  static let corpusFiles =
    ((try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []).sorted()

  @Test func theCorpusIsThere() {
    #expect(!Self.corpusFiles.isEmpty, "no seed files in \(Self.corpus.path)")
  }

  @Test(arguments: corpusFiles)
  func everySeedRoundTrips(file: String) throws {
    let bytes = try [UInt8](Data(contentsOf: Self.corpus.appendingPathComponent(file)))
    #expect(JSONWriterProperties.violation(bytes) == nil)
  }

  @Test func allByteValuesRoundTrip() {
    #expect(JSONWriterProperties.violation(Array(0...255)) == nil)
    #expect(JSONWriterProperties.violation([]) == nil)
  }
}
