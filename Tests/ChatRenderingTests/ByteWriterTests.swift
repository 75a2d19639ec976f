import ChatRendering
import Glibc
import Testing

@Suite(.timeLimit(.minutes(10))) struct ByteWriterTests {
  @Test func appendsExactlyWhatWasWrittenWithinTheReservation() {
    var bytes: [UInt8] = [1]
    bytes.append(reserving: 8) { writer in
      writer.write(2)
      writer.write("ab")
      [UInt8(3), 4].withUnsafeBufferPointer { writer.write($0) }
      writer.fill(2) {
        $0[0] = 5
        $0[1] = 6
      }
    }
    #expect(bytes == [1, 2, 0x61, 0x62, 3, 4, 5, 6])
  }

  @Test func aWritePastTheReservationTrapsBeforeItWrites() async {
    await #expect(processExitsWith: .failure) {
      var bytes: [UInt8] = []
      bytes.append(reserving: 2) { writer in
        writer.write("two")
      }
    }
  }

  @Test func aFillPastTheReservationTrapsBeforeItsBodyRuns() async throws {
    let result = try await #require(
      processExitsWith: .failure, observing: [\.standardOutputContent]
    ) {
      var bytes: [UInt8] = []
      bytes.append(reserving: 4) { writer in
        writer.write(1)
        writer.fill(4) { _ in
          _ = write(1, "the body ran", 12)
        }
      }
    }
    let output = String(decoding: result.standardOutputContent, as: UTF8.self)
    #expect(!output.contains("the body ran"), "nothing was written past the reservation")
  }
}
