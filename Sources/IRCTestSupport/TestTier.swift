import Foundation

/// Which tier of the test suite runs: the fast one by default, the full one (with the long
/// tests) when `CHAT_TEST_TIER=full` is set, as `.ci/run` does.
///
/// `swift test` alone must stay quick enough to run after every change, so a test that takes
/// tens of seconds or minutes (a paced flood against a server's default limits, hundreds of
/// fault seeds, fifty processes) runs only in the full tier, or runs a smaller count in the
/// fast one. Kept free of Swift Testing (the trait is in `IRCTestRequirements`).
public enum TestTier: String, Sendable {
  /// `swift test`: every unit, pseudo-terminal, snapshot and single-server test.
  case fast
  /// `CHAT_TEST_TIER=full swift test`: the long tests too.
  case full

  /// The variable that chooses the tier.
  public static let variable = "CHAT_TEST_TIER"

  /// The tier this run is in: full only when `CHAT_TEST_TIER=full`.
  public static var current: TestTier {
    ProcessInfo.processInfo.environment[variable] == "full" ? .full : .fast
  }

  /// `full` in the full tier and `fast` in the fast one: for a test whose length is one
  /// constant (seeds, clients, lines), so that the fast tier still runs it, smaller.
  public static func count<Count>(fast: Count, full: Count) -> Count {
    current == .full ? full : fast
  }
}
