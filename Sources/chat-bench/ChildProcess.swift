import Glibc

/// A program started with its standard streams on a terminal or on given descriptors, and
/// killed if it is still running when dropped, so a benchmark that times out leaves nothing
/// behind.
///
/// The child gets an empty signal mask and default signal actions: whatever the benchmark's
/// own process inherited (a test runner blocks nearly every signal) must not reach it.
final class ChildProcess {
  /// Where the child's standard input, output and error go.
  enum Streams {
    /// All three on the terminal at this path, which becomes the child's controlling terminal
    /// (the child starts a new session, then opens it).
    case terminal(path: String)
    /// Standard input and output on these descriptors; standard error to /dev/null.
    case descriptors(input: Int32, output: Int32)
    /// Standard input and output on these descriptors; standard error to a new file at this
    /// path, to say why a program failed.
    case descriptorsLoggingErrors(input: Int32, output: Int32, errorPath: String)
  }

  /// glibc's `POSIX_SPAWN_SETSID`, which Swift does not import.
  private static let spawnSetSID: Int32 = 0x80

  let pid: pid_t
  private var reaped = false
  /// The raw wait status, once the child has exited and been reaped.
  private(set) var status: Int32?

  /// Starts `path arguments` with exactly `environment`; nil when it cannot be started.
  init?(_ path: String, _ arguments: [String], environment: [String], streams: Streams) {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    var all = sigset_t()
    sigemptyset(&all)
    for signal in Int32(1)..<32 where signal != SIGKILL && signal != SIGSTOP {
      sigaddset(&all, signal)
    }
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    switch streams {
    case .terminal(let terminal):
      flags |= Self.spawnSetSID
      posix_spawn_file_actions_addopen(&actions, 0, terminal, O_RDWR, 0)
      posix_spawn_file_actions_adddup2(&actions, 0, 1)
      posix_spawn_file_actions_adddup2(&actions, 0, 2)
    case .descriptors(let input, let output):
      posix_spawn_file_actions_adddup2(&actions, input, 0)
      posix_spawn_file_actions_adddup2(&actions, output, 1)
      posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    case .descriptorsLoggingErrors(let input, let output, let errorPath):
      posix_spawn_file_actions_adddup2(&actions, input, 0)
      posix_spawn_file_actions_adddup2(&actions, output, 1)
      posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    }
    posix_spawnattr_setflags(&attributes, Int16(flags))

    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup($0) } + [nil]
    defer { for string in argv + envp { free(string) } }
    var pid: pid_t = 0
    guard posix_spawn(&pid, path, &actions, &attributes, argv, envp) == 0 else { return nil }
    self.pid = pid
  }

  deinit {
    if !reaped {
      kill(pid, SIGKILL)
      var status: Int32 = 0
      waitpid(pid, &status, 0)
    }
  }

  /// Whether the child has exited (reaping it if it just has).
  var hasExited: Bool { status != nil || waitForExit(within: 0) != nil }

  /// Stops the child by its pid: SIGTERM, then SIGKILL if it has not exited within `grace`
  /// seconds; reaps it either way. Idempotent.
  func stop(grace: Double = 2) {
    guard !reaped, !hasExited else { return }
    kill(pid, SIGTERM)
    if waitForExit(within: grace) != nil { return }
    kill(pid, SIGKILL)
    waitForExit(within: 5)
  }

  /// Waits up to `seconds` for the child to exit; its raw wait status, or nil if it did not.
  @discardableResult
  func waitForExit(within seconds: Double) -> Int32? {
    let deadline = Stopwatch.now() + seconds
    while true {
      var status: Int32 = 0
      let result = waitpid(pid, &status, WNOHANG)
      if result == pid {
        reaped = true
        self.status = status
        return status
      }
      if result < 0 && errno != EINTR { return nil }
      if Stopwatch.now() >= deadline { return nil }
      var nothing = pollfd()
      _ = poll(&nothing, 0, 5)  // A child gives no descriptor to wait on: check again soon.
    }
  }
}
