import Glibc

/// Starts a child the way a shell would: an empty signal mask and default dispositions.
///
/// The test runner blocks almost every signal, and a child inherits that mask: without this,
/// SIGINT or SIGTERM sent to chat would never arrive and the test would hang.
enum CleanSpawn {
  /// glibc's `POSIX_SPAWN_SETSID`, which Swift does not import: the child starts a new session.
  static let setSessionFlag: Int32 = 0x80

  /// Spawns `binary`; `arrange` sets up its standard streams. Returns 0 or an errno.
  static func spawn(
    _ binary: String, arguments: [String], environment: [String], newSession: Bool = false,
    pid: inout pid_t, arrange: (inout posix_spawn_file_actions_t) -> Void
  ) -> Int32 {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    var caught = sigset_t()
    sigemptyset(&caught)
    for signal in Int32(1)..<32 where signal != SIGKILL && signal != SIGSTOP {
      sigaddset(&caught, signal)
    }
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setsigdefault(&attributes, &caught)
    let flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | (newSession ? setSessionFlag : 0)
    posix_spawnattr_setflags(&attributes, Int16(flags))

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    arrange(&actions)

    let argv = ([binary] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup($0) } + [nil]
    defer {
      for string in argv + envp { free(string) }
    }
    return posix_spawn(&pid, binary, &actions, &attributes, argv, envp)
  }
}
