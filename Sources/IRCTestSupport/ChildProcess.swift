import Foundation
import Glibc

/// A process this library started: known by its pid, stopped by that pid, always reaped.
///
/// It runs through `/bin/sh -c 'ulimit -c 0; cd DIR; exec ...'`, so the pid is the program's
/// own, its working directory is the test's temporary directory and it never writes a core
/// file (InspIRCd with `ssl_gnutls` crashes on SIGTERM). Its signal mask and dispositions are
/// reset: the test runner blocks most signals, and a child inheriting that would ignore SIGTERM.
final class ChildProcess {
  /// What the child's standard streams are connected to.
  enum Streams {
    /// stdin from /dev/null, stdout and stderr appended to the file at this path.
    case log(String)
    /// stdin, stdout and stderr are these descriptors (the child gets copies).
    case descriptors(input: Int32, output: Int32, error: Int32)
  }

  /// glibc's `POSIX_SPAWN_SETSID`, which Swift does not import.
  private static let newSessionFlag: Int32 = 0x80

  let pid: pid_t
  let name: String
  /// The raw `waitpid` status once reaped.
  private(set) var status: Int32?

  private init(pid: pid_t, name: String) {
    self.pid = pid
    self.name = name
  }

  /// Starts `executable` with `arguments` in `directory`.
  static func spawn(
    _ executable: String, arguments: [String], directory: String, streams: Streams
  ) throws -> ChildProcess {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in Int32(1)..<32 where signal != SIGKILL && signal != SIGSTOP {
      sigaddset(&defaults, signal)
    }
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    // A session of its own: a Ctrl-C at the terminal running the tests does not reach it.
    let flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | newSessionFlag
    posix_spawnattr_setflags(&attributes, Int16(flags))

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    switch streams {
    case .log(let path):
      posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
      posix_spawn_file_actions_addopen(&actions, 1, path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
      posix_spawn_file_actions_adddup2(&actions, 1, 2)
    case .descriptors(let input, let output, let error):
      posix_spawn_file_actions_adddup2(&actions, input, 0)
      posix_spawn_file_actions_adddup2(&actions, output, 1)
      posix_spawn_file_actions_adddup2(&actions, error, 2)
    }

    let script = #"ulimit -c 0; cd "$1" || exit 127; shift; exec "$@""#
    let argv = ["/bin/sh", "-c", script, "sh", directory, executable] + arguments
    let cArguments = argv.map { strdup($0) } + [nil]
    let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
    let cEnvironment = environment.map { strdup($0) } + [nil]
    defer {
      for string in cArguments + cEnvironment { free(string) }
    }
    var pid = pid_t()
    let result = posix_spawn(&pid, "/bin/sh", &actions, &attributes, cArguments, cEnvironment)
    guard result == 0 else {
      throw TestServerError.systemCall("posix_spawn \(executable)", errno: result)
    }
    return ChildProcess(pid: pid, name: executable)
  }

  /// Whether the process has exited (reaping it if so).
  var hasExited: Bool {
    if status != nil { return true }
    var raw: Int32 = 0
    let result = waitpid(pid, &raw, WNOHANG)
    if result == pid || (result < 0 && errno == ECHILD) {
      status = result == pid ? raw : -1
      return true
    }
    return false
  }

  /// The exit code if it exited normally, nil if it is running or was killed by a signal.
  var exitCode: Int32? {
    guard hasExited, let status, status >= 0, status & 0x7F == 0 else { return nil }
    return (status >> 8) & 0xFF
  }

  /// Sends `signal` to the process (by its pid, and only if it has not been reaped).
  func send(_ signal: Int32) {
    if !hasExited { kill(pid, signal) }
  }

  /// Waits until the process exits or the deadline passes; true if it exited.
  @discardableResult
  func waitForExit(_ deadline: Deadline) -> Bool {
    var nap: UInt32 = 500
    while !hasExited {
      if deadline.hasPassed { return false }
      usleep(nap)
      nap = min(nap * 2, 10_000)
    }
    return true
  }

  /// Sends `signal`, waits up to `grace` seconds, then SIGKILLs; always reaps. Idempotent.
  func stop(signal: Int32 = SIGTERM, grace: Double = 5) {
    if hasExited { return }
    send(signal)
    if waitForExit(Deadline(seconds: grace)) { return }
    send(SIGKILL)
    waitForExit(Deadline(seconds: 10))
  }
}
