import IRCTestSupport
import Testing

extension Trait where Self == ConditionTrait {
  /// Runs the test or suite only in the full tier (`CHAT_TEST_TIER=full`, which `.ci/run`
  /// sets): for the long tests, so that a plain `swift test` stays quick.
  public static var fullTier: Self {
    .enabled(
      if: TestTier.current == .full,
      Comment(rawValue: "long: runs only with \(TestTier.variable)=full (as .ci/run sets)"))
  }
}
