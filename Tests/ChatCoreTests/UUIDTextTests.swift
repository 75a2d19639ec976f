import FoundationEssentials
import Testing

@testable import ChatCore

@Suite(.timeLimit(.minutes(10))) struct UUIDTextTests {
  /// Every nibble value in every position, then random ids: each digit is made eight at a
  /// time, so a digit taken from the wrong byte or lane shows here.
  @Test func upperHexStringIsExactlyUUIDString() {
    var ids: [UUID] = []
    for value in 0..<16 {
      for position in 0..<32 {
        var bytes = [UInt8](repeating: 0, count: 16)
        bytes[position / 2] = UInt8(position % 2 == 0 ? value << 4 : value)
        ids.append(UUID(uuid: tuple(bytes)))
      }
    }
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<2000 {
      ids.append(
        UUID(uuid: tuple((0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) })))
    }
    ids.append(UUID(uuid: tuple([UInt8](repeating: 0xFF, count: 16))))
    for id in ids {
      #expect(id.upperHexString == id.uuidString)
      var bytes: [UInt8] = []
      id.appendUUIDString(to: &bytes)
      #expect(String(decoding: bytes, as: UTF8.self) == id.uuidString)
    }
  }

  private func tuple(_ b: [UInt8]) -> uuid_t {
    (
      b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14],
      b[15]
    )
  }
}
