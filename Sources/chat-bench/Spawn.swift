import Glibc

/// Runs another program with its standard input and output redirected to files, and reports
/// its wall time and peak resident memory.
///
/// Peak memory is sampled from `/proc/PID/status` (`VmHWM`, the process's own high-water mark)
/// every few milliseconds while it runs. `wait4`'s `ru_maxrss` is no use here: `posix_spawn`
/// starts the child in the parent's address space, so it reports the benchmark's own size.
enum Spawn {
  struct Result {
    var status: Int32
    var seconds: Double
    var peakMemoryMiB: Double
  }

  static func run(
    _ path: String, _ arguments: [String], stdin: String = "/dev/null", stdout: String = "/dev/null"
  ) -> Result? {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, stdin, O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    var pid: pid_t = 0
    var status: Int32 = 0
    var peakKiB = 0
    let seconds = Stopwatch.seconds {
      guard posix_spawnp(&pid, path, &actions, nil, argv, environ) == 0 else {
        pid = -1
        return
      }
      while true {
        peakKiB = max(peakKiB, highWaterMarkKiB(pid))
        let reaped = waitpid(pid, &status, WNOHANG)
        if reaped == pid || (reaped < 0 && errno != EINTR) { break }
        usleep(2000)
      }
    }
    guard pid > 0 else { return nil }
    return Result(status: status, seconds: seconds, peakMemoryMiB: Double(peakKiB) / 1024)
  }

  /// `VmHWM` of a running process, in KiB (0 once it has exited).
  private static func highWaterMarkKiB(_ pid: pid_t) -> Int {
    guard let file = fopen("/proc/\(pid)/status", "r") else { return 0 }
    defer { fclose(file) }
    var line = [CChar](repeating: 0, count: 256)
    while fgets(&line, Int32(line.count), file) != nil {
      let text = String(
        decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      if text.hasPrefix("VmHWM:") {
        return Int(text.dropFirst(6).filter(\.isNumber)) ?? 0
      }
    }
    return 0
  }

  /// Whether `name` can be found on the PATH.
  static func available(_ name: String) -> Bool {
    run("/bin/sh", ["-c", "command -v \(name)"])?.status == 0
  }
}
