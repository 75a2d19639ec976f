/// The libFuzzer entry point for the IRC message parser; `run.sh` builds it with
/// `IRCMessageProperties.swift` from `Tests/ChatIRCTests`.
///
/// libFuzzer calls it with each input it tries: arbitrary bytes read as one protocol line.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
  if let violation = IRCMessageProperties.violation(bytes) {
    fatalError(violation)
  }
  return 0
}
