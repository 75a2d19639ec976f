import Testing

@testable import ChatIRC

/// The `sts` capability value: the one parser of it (the store on disk keeps only what the
/// protocol client reports from it).
@Suite(.timeLimit(.minutes(10))) struct IRCSTSPolicyTests {
  @Test(
    arguments: [
      ("port=6697,duration=2592000,preload", 6697, 2_592_000, true),
      ("port=6697", 6697, nil, false),
      ("duration=0", nil, 0, false),
      ("duration=300,future=thing,x", nil, 300, false),
      ("", nil, nil, false),
      // A key given twice: the last one counts.
      ("port=6697,port=6698,duration=1,duration=2", 6698, 2, false),
    ] as [(String, Int?, Int?, Bool)])
  func aCapabilityValueIsRead(text: String, port: Int?, duration: Int?, preload: Bool) {
    let value = IRCSTSPolicy.Value(parsing: text)
    #expect(value.port == port)
    #expect(value.durationSeconds == duration)
    #expect(value.preload == preload)
  }

  /// A malformed part counts as absent, so the client goes on as if that part were not
  /// there (no upgrade without a port, nothing kept without a duration).
  @Test(arguments: [
    "port=0", "port=65536", "port=", "port", "port=+1", "port=-1", "duration=-5",
    "duration=1.5", "duration", "duration=1e3", "duration=9999999999999",
  ])
  func aMalformedPartIsAbsent(text: String) {
    let value = IRCSTSPolicy.Value(parsing: text)
    #expect(value.port == nil && value.durationSeconds == nil && !value.preload)
  }
}
