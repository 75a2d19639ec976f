import Glibc
import Testing

/// A real pipe already holding `text`, its write end closed: the read end is what chat reads
/// as piped standard input, end of file included. The caller closes the returned descriptor.
func pipeHolding(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> Int32 {
  var ends: [Int32] = [-1, -1]
  #expect(pipe(&ends) == 0, sourceLocation: sourceLocation)
  let bytes = Array(text.utf8)
  #expect(bytes.count < 60_000, "a pipe holds about 64 KiB", sourceLocation: sourceLocation)
  #expect(write(ends[1], bytes, bytes.count) == bytes.count, sourceLocation: sourceLocation)
  close(ends[1])
  return ends[0]
}
