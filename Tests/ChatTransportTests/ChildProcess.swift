import Glibc
import Testing

/// A process the test started (`openssl`), its standard output and error on one pipe.
///
/// It starts the way a shell would start it (an empty signal mask: the test runner blocks
/// most signals and a child inherits that), and `stop()` ends it by its own pid.
final class ChildProcess {
  let pid: pid_t
  private let output: Int32
  private(set) var text = ""
  private var ended = false

  /// Starts `/usr/bin/openssl` (or another binary) with `arguments` (absolute paths).
  init(_ arguments: [String], binary: String = OpenSSLTool.path) throws {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { throw ChildError.cannotStart(errno) }
    _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    var all = sigset_t()
    sigfillset(&all)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
    posix_spawn_file_actions_adddup2(&actions, ends[1], 2)
    let argv = ([binary] + arguments).map { strdup($0) } + [nil]
    defer {
      for string in argv { free(string) }
    }
    var pid: pid_t = 0
    let status = posix_spawn(&pid, binary, &actions, &attributes, argv, environ)
    Glibc.close(ends[1])
    guard status == 0 else {
      close(ends[0])
      throw ChildError.cannotStart(status)
    }
    self.pid = pid
    output = ends[0]
    _ = fcntl(output, F_SETFL, fcntl(output, F_GETFL) | O_NONBLOCK)
  }

  deinit {
    stop()
    close(output)
  }

  /// Reads what the process wrote so far; false once its output ended.
  @discardableResult
  func collect(waitingUpTo milliseconds: Int32 = 0) -> Bool {
    var descriptor = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
    _ = poll(&descriptor, 1, milliseconds)
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = read(output, &buffer, buffer.count)
      if count > 0 {
        text += String(decoding: buffer[..<count], as: UTF8.self)
      } else {
        return count < 0 && (errno == EAGAIN || errno == EINTR)
      }
    }
  }

  /// Waits until the output contains `needle`; false when the deadline passes first.
  func waitForOutput(containing needle: String, within deadline: Deadline) -> Bool {
    while !text.contains(needle) {
      guard !deadline.hasPassed, collect(waitingUpTo: deadline.remainingMilliseconds) else {
        return text.contains(needle)
      }
    }
    return true
  }

  /// Waits for the process to end by itself, collecting its output; its exit status, or nil
  /// when the deadline passed (it is then stopped).
  func finish(within deadline: Deadline) -> Int32? {
    while collect(waitingUpTo: min(deadline.remainingMilliseconds, 100)) {
      if deadline.hasPassed {
        stop()
        return nil
      }
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    ended = true
    return (status & 0x7f) == 0 ? (status >> 8) & 0xff : -1
  }

  /// Ends the process by its pid and reaps it; idempotent.
  func stop() {
    guard !ended else { return }
    ended = true
    kill(pid, SIGKILL)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
  }
}

enum ChildError: Error, CustomStringConvertible {
  case cannotStart(Int32)
  case failed(command: String, output: String)

  var description: String {
    switch self {
    case .cannotStart(let code): "cannot start a process: \(String(cString: strerror(code)))"
    case .failed(let command, let output): "\(command) failed: \(output)"
    }
  }
}

/// The `openssl` command the TLS tests use to make certificates and run servers.
enum OpenSSLTool {
  static let path = "/usr/bin/openssl"
  static var isInstalled: Bool { access(path, X_OK) == 0 }
  /// Whether CI demands the real tools (`CHAT_REQUIRE_SERVERS=1`): then absence fails.
  static var isRequired: Bool { getenv("CHAT_REQUIRE_SERVERS").map { String(cString: $0) } == "1" }

  /// Runs `openssl arguments` and returns its output; throws when it fails.
  @discardableResult
  static func run(_ arguments: [String]) throws -> String {
    let child = try ChildProcess(arguments)
    defer { child.stop() }
    let status = child.finish(within: Deadline(seconds: 30))
    guard status == 0 else {
      throw ChildError.failed(
        command: "openssl " + arguments.joined(separator: " "), output: child.text)
    }
    return child.text
  }
}

/// A moment a bounded wait gives up at.
struct Deadline {
  let end: ContinuousClock.Instant

  init(seconds: Double) {
    end = .now + .milliseconds(Int(seconds * 1000))
  }

  var hasPassed: Bool { ContinuousClock.now >= end }

  /// What is left, for `poll(2)`; 0 once passed.
  var remainingMilliseconds: Int32 {
    let left = end - .now
    guard left > .zero else { return 0 }
    let (seconds, attoseconds) = left.components
    return Int32(min(seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1, 60_000))
  }
}
