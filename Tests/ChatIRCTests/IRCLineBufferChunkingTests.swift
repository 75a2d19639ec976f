import ChatIRC
import Testing

/// The line buffer has two ways in: contiguous bytes (a read buffer, an array) and any other
/// collection. Both must find the same lines however the stream is cut into chunks.
@Suite(.timeLimit(.minutes(10))) struct IRCLineBufferChunkingTests {
  @Test func contiguousAndOtherCollectionsFindTheSameLinesInAnyChunking() {
    var generator = SeededGenerator(seed: 16)
    let pieces: [[UInt8]] = [
      Array("PRIVMSG #a :hé".utf8), [0x0D, 0x0A], [0x0A], [0x0D], [0xFF, 0xC3],
      Array(repeating: UInt8(ascii: "x"), count: 40), Array(":n!u@h NOTICE * :ok".utf8),
    ]
    for _ in 0..<300 {
      var stream: [UInt8] = []
      for _ in 0..<Int.random(in: 1...30, using: &generator) {
        stream += pieces.randomElement(using: &generator)!
      }
      var contiguous = IRCLineBuffer(maximumLineBytes: 64)
      var other = IRCLineBuffer(maximumLineBytes: 64)
      var whole = IRCLineBuffer(maximumLineBytes: 64)
      var fromContiguous: [IRCLineBuffer.Item] = []
      var fromOther: [IRCLineBuffer.Item] = []
      var start = 0
      while start < stream.count {
        let end = min(stream.count, start + Int.random(in: 1...50, using: &generator))
        fromContiguous += contiguous.append(stream[start..<end])
        // A lazily mapped slice has no contiguous storage: the general path.
        fromOther += other.append(stream[start..<end].lazy.map { $0 })
        start = end
      }
      fromContiguous += contiguous.finish()
      fromOther += other.finish()
      let fromWhole = whole.append(stream) + whole.finish()
      #expect(fromContiguous == fromOther, "\(stream)")
      #expect(fromContiguous == fromWhole, "\(stream)")
    }
  }
}
