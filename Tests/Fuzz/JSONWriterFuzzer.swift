/// The libFuzzer entry point for the JSON writer's round trip; `run.sh` builds it with
/// `JSONWriterProperties.swift` from `Tests/ChatJSONTests`.
///
/// libFuzzer calls it with each input it tries: arbitrary bytes read as text, an integer and a
/// UUID. A broken property stops the run with the reason, and libFuzzer keeps the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
  if let violation = JSONWriterProperties.violation(bytes) {
    fatalError(violation)
  }
  return 0
}
