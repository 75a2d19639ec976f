import ChatCore
import ChatJSON
import ChatRendering
import Testing

@Suite(.timeLimit(.minutes(10))) struct RFC3339WriterTests {
  /// Writes each of `instants` in turn with one writer, as a formatter does line after line.
  private func written(_ instants: [Int64]) -> [String] {
    var writer = RFC3339Writer()
    return instants.map { milliseconds in
      var bytes: [UInt8] = []
      bytes.append(reserving: TimeFormat.rfc3339Length) {
        writer.write(Timestamp(millisecondsSinceEpoch: milliseconds), to: &$0)
      }
      return String(decoding: bytes, as: UTF8.self)
    }
  }

  @Test func remembersASecondOnlyUntilTheNextOneStarts() {
    let epoch = Timestamp.virtualEpoch.millisecondsSinceEpoch
    let instants = [epoch, epoch + 999, epoch + 1000, epoch + 999, epoch - 1, epoch - 1000, -1, 0]
    #expect(
      written(instants) == instants.map { TimeFormat.rfc3339(.init(millisecondsSinceEpoch: $0)) })
  }

  @Test func matchesTheTimeFormatOverRandomWalksAndJumps() {
    var generator = SystemRandomNumberGenerator()
    var instants: [Int64] = []
    var now = Timestamp.virtualEpoch.millisecondsSinceEpoch
    for step in 0..<20_000 {
      if step % 1000 == 0 {
        now = Int64.random(in: -2_000_000_000_000...8_000_000_000_000, using: &generator)
      }
      now += Int64.random(in: -300...700, using: &generator)
      instants.append(now)
    }
    let expected = instants.map { TimeFormat.rfc3339(Timestamp(millisecondsSinceEpoch: $0)) }
    let actual = written(instants)
    // The first difference only: twenty thousand times would bury it.
    let first = instants.indices.first { actual[$0] != expected[$0] }
    #expect(
      first == nil, "\(first.map { "\(instants[$0]): \(actual[$0]) != \(expected[$0])" } ?? "")")
  }
}
