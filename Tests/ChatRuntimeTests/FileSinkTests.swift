import ChatRendering
import ChatRuntime
import Glibc
import Testing

/// Renderers format straight into a `FileSink`'s buffer (`write(appendingWith:)`): what a
/// transcript file or a pipe is promised must hold for those bytes too.
@Suite(.timeLimit(.minutes(10))) struct FileSinkTests {
  private func contents(of path: String) -> String {
    guard let file = fopen(path, "r") else { return "" }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    while true {
      let byte = fgetc(file)
      if byte == EOF { break }
      bytes.append(UInt8(byte))
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  private func temporaryPath() -> String {
    "/tmp/chat-file-sink-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
  }

  @Test func aWriteThroughSinkHandsWhatIsAppendedToTheFileAtOnce() throws {
    let path = temporaryPath()
    defer { unlink(path) }
    let sink = try FileSink.create(path: path)
    try sink.write { $0.append(contentsOf: Array("first line\n".utf8)) }
    #expect(contents(of: path) == "first line\n")
    try sink.write { _ in }
    try sink.write { $0.append(contentsOf: Array("second\n".utf8)) }
    #expect(contents(of: path) == "first line\nsecond\n")
  }

  @Test func aBufferingSinkKeepsWhatIsAppendedUntilFlushed() throws {
    let path = temporaryPath()
    defer { unlink(path) }
    let sink = try FileSink.create(path: path, writesThrough: false)
    try sink.write { $0.append(contentsOf: Array("held\n".utf8)) }
    try sink.write(Array("and more\n".utf8))
    #expect(contents(of: path) == "")
    try sink.flush()
    #expect(contents(of: path) == "held\nand more\n")
  }
}
