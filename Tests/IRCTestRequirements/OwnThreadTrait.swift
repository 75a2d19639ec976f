import Foundation
import Testing

/// Runs each test of a suite on a thread of its own instead of one of Swift concurrency's
/// cooperative threads.
///
/// The server, process and pseudo-terminal tests are synchronous and spend their time
/// blocked in `poll(2)` and `waitpid(2)`. On the cooperative pool they each hold one of its
/// threads, and the pool has one a core: on a 2-core machine two such tests at a time ran,
/// and every other test (the quick unit tests too) waited behind them. On their own threads
/// they wait side by side, as many as Swift Testing runs at once.
///
/// A test that is `alone` also holds one lock of the whole run while it runs: the heavy,
/// timing-checking ones (fifty processes, hundreds of fault seeds with their reconnect
/// times measured) must not share the two cores with each other.
public struct OwnThreadTrait: TestTrait, SuiteTrait, TestScoping {
  /// Whether the test runs with no other `alone` test at the same time.
  var isAlone = false

  /// Each test of the suite gets the trait.
  public var isRecursive: Bool { true }

  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    // A suite's own scope only runs its tests, each of which comes back here.
    guard testCase != nil else { return try await function() }
    try await withTaskExecutorPreference(ThreadPerJobExecutor.shared) {
      // On a thread of its own here, so waiting for the lock blocks nothing else.
      if isAlone { Self.takeAloneTurn() }
      defer { if isAlone { Self.endAloneTurn() } }
      try await function()
    }
  }

  /// Taken by the `alone` test that runs: a semaphore, not a lock, since the test may end
  /// on another thread (each job has its own) than the one it began on.
  private static let aloneTurn = DispatchSemaphore(value: 1)

  private static func takeAloneTurn() { aloneTurn.wait() }
  private static func endAloneTurn() { aloneTurn.signal() }
}

extension Trait where Self == OwnThreadTrait {
  /// Each test on a thread of its own: for tests that block (see `OwnThreadTrait`).
  public static var ownThread: Self { OwnThreadTrait() }

  /// On a thread of its own, and never beside another `alone` test: for the heavy tests
  /// whose checks include timing.
  public static var alone: Self { OwnThreadTrait(isAlone: true) }
}

/// A task executor that runs every job on a new thread: a blocking test body holds only its
/// own thread, never one the rest of the run needs.
final class ThreadPerJobExecutor: TaskExecutor {
  static let shared = ThreadPerJobExecutor()

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedTaskExecutor()
    Thread { job.runSynchronously(on: executor) }.start()
  }
}
