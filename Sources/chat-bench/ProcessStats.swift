import Glibc

/// What the operating system says a running process has used, read from `/proc`.
struct ProcessStats: Equatable {
  /// User plus system CPU time of all its threads, in seconds (`utime + stime` of
  /// `/proc/PID/stat`, in clock ticks of usually 10 ms).
  var cpuSeconds: Double
  /// Its peak resident memory (`VmHWM` of `/proc/PID/status`), in MiB.
  var peakMiB: Double
  /// Its resident memory now (`VmRSS`), in MiB.
  var residentMiB: Double

  /// The figures of `pid`; nil once it has exited.
  static func read(_ pid: pid_t) -> ProcessStats? {
    guard let stat = Self.contents("/proc/\(pid)/stat"),
      let status = contents("/proc/\(pid)/status")
    else { return nil }
    // The command name may hold spaces and parentheses: the fields start after the last ')'.
    guard let close = stat.lastIndex(of: UInt8(ascii: ")")) else { return nil }
    let fields = stat[(close + 1)...].split(separator: UInt8(ascii: " "))
    // After the name: state is field 3, utime field 14, stime field 15 (proc(5)).
    guard fields.count > 13, let user = Int(ascii: fields[11]), let system = Int(ascii: fields[12])
    else { return nil }
    let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
    return ProcessStats(
      cpuSeconds: Double(user + system) / ticks,
      peakMiB: Double(kibibytes(status, "VmHWM:")) / 1024,
      residentMiB: Double(kibibytes(status, "VmRSS:")) / 1024)
  }

  /// CPU time of all `pid`'s threads in nanoseconds from the scheduler (`/proc/PID/task/*/
  /// schedstat`): far finer than clock ticks, for the cost of a tenth of a run.
  static func scheduledNanoseconds(_ pid: pid_t) -> UInt64? {
    guard let directory = opendir("/proc/\(pid)/task") else { return nil }
    defer { closedir(directory) }
    var total: UInt64 = 0
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) {
        String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard name.first?.isNumber == true,
        let text = contents("/proc/\(pid)/task/\(name)/schedstat"),
        let first = text.split(separator: UInt8(ascii: " ")).first,
        let nanoseconds = UInt64(String(decoding: first, as: UTF8.self))
      else { continue }
      total += nanoseconds
    }
    return total
  }

  private static func kibibytes(_ status: [UInt8], _ key: String) -> Int {
    let text = String(decoding: status, as: UTF8.self)
    guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(key) }) else {
      return 0
    }
    return Int(line.dropFirst(key.count).filter(\.isNumber)) ?? 0
  }

  private static func contents(_ path: String) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { break }
      bytes += buffer[..<count]
    }
    return bytes.isEmpty ? nil : bytes
  }
}

extension Int {
  fileprivate init?(ascii bytes: ArraySlice<UInt8>) {
    self.init(String(decoding: bytes, as: UTF8.self))
  }
}
