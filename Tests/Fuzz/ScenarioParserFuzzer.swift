/// The libFuzzer entry point for the scenario parser; `run.sh` builds it with
/// `ScenarioParserProperties.swift` from `Tests/ChatScenarioTests`.
///
/// libFuzzer calls it with each input it tries: arbitrary bytes read as a scenario file. A
/// broken property stops the run with the reason, and libFuzzer keeps the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
  if let violation = ScenarioParserProperties.violation(bytes) {
    fatalError(violation)
  }
  return 0
}
