import IRCTestSupport
import Testing

// Kept apart from `IRCTestSupport` so that the servers and clients there can be used by
// programs that are not tests (the benchmark), which must not link Swift Testing.

extension ServerRequirement {
  /// Records a failure for each missing program when servers are required; returns whether
  /// all are present.
  @discardableResult
  public static func recordIfMissing(
    _ programs: [ServerRequirement], sourceLocation: SourceLocation = #_sourceLocation
  ) -> Bool {
    let missing = programs.filter { $0.executable == nil }
    if isRequired {
      for program in missing {
        Issue.record(
          "CHAT_REQUIRE_SERVERS=1 but \(program.rawValue) is missing: \(program.installHint)",
          sourceLocation: sourceLocation)
      }
    }
    return missing.isEmpty
  }
}

extension Trait where Self == ConditionTrait {
  /// Runs the test or suite only where `programs` are installed, or when
  /// `CHAT_REQUIRE_SERVERS=1` demands it (then a missing program fails the test).
  public static func requires(
    _ programs: ServerRequirement..., sourceLocation: SourceLocation = #_sourceLocation
  ) -> Self {
    .enabled(
      if: ServerRequirement.shouldRun(programs),
      Comment(rawValue: ServerRequirement.skipNote(programs)), sourceLocation: sourceLocation)
  }
}
