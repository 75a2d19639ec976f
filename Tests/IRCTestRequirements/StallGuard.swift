import ChatCore
import Testing

/// Fails a virtual-clock loop at once when its deadline stops advancing.
///
/// A loop that steps to the next deadline (`while let due = nextDeadline, due <= end`) spins
/// forever when the code under test hands back the same deadline without doing anything
/// there: a deadline compared with `<` where it needs `<=` does exactly that, and a test then
/// ran until the suite's 10-minute limit instead of failing. Each step reports its deadline
/// and whether anything happened; the same deadline `limit` times in a row with nothing
/// happening records an issue naming it, and the loop is to stop.
public struct StallGuard {
  /// How many idle returns of one deadline are a stall.
  public var limit = 2
  private var last: Timestamp?
  private var idle = 0

  /// A guard that calls `limit` idle returns of one deadline a stall.
  public init(limit: Int = 2) {
    self.limit = limit
  }

  /// Whether the loop is stuck at `deadline` (the issue is then recorded): false while it
  /// makes progress.
  public mutating func isStalled(
    at deadline: Timestamp, progressed: Bool, sourceLocation: SourceLocation = #_sourceLocation
  ) -> Bool {
    if progressed || deadline != last {
      (last, idle) = (deadline, progressed ? 0 : 1)
      return false
    }
    idle += 1
    guard idle >= limit else { return false }
    let message =
      "the deadline \(deadline) came back \(idle) times with nothing done there: the code"
      + " under test does not move past its own deadline (`<` where `<=` is meant?)"
    Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    return true
  }
}
