import Testing

@testable import ReadlineRenderer

@Suite(.timeLimit(.minutes(10))) struct UTF8RepairTests {
  /// What the repair hands on for `bytes` typed at once, then nothing more.
  static func repaired(_ bytes: [UInt8]) -> [UInt8] {
    var repair = UTF8Repair()
    return bytes.flatMap { repair.take($0) } + repair.flush()
  }

  @Test(
    arguments: [
      [0x61, 0xE6, 0x97, 0xA5], [0xC3, 0xA9], [0xF0, 0x9F, 0x98, 0x80], [0x61, 0xE6, 0x97, 0x63],
      [0x78, 0xC3], [0x80], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
      [0xFF, 0x61],
      [0xE2, 0x80, 0xAE, 0xC2, 0x9B],
    ] as [[UInt8]])
  func repairsAsSwiftDecodes(bytes: [UInt8]) {
    let expected = Array(String(decoding: bytes, as: UTF8.self).utf8)
    #expect(Self.repaired(bytes) == expected)
  }

  @Test func aCompleteCharacterWaitsForItsLastByte() {
    var repair = UTF8Repair()
    #expect(repair.take(0xE6).isEmpty && repair.take(0x97).isEmpty && repair.isPending)
    #expect(repair.take(0xA5) == [0xE6, 0x97, 0xA5] && !repair.isPending)
  }
}
