/// The libFuzzer entry point for the IRC protocol state machine; `run.sh` builds it with
/// `IRCClientProperties.swift` from `Tests/ChatIRCTests`.
///
/// libFuzzer calls it with each input it tries: arbitrary bytes as the server's stream.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
  if let violation = IRCClientProperties.violation(bytes) {
    fatalError(violation)
  }
  return 0
}
