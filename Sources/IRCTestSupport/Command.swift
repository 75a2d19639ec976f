import Glibc

/// Runs a short-lived helper program (`openssl`) to completion, bounded in time.
enum Command {
  /// Runs `program` with `arguments` in `directory`; returns its combined output. Throws if it
  /// does not exit 0 (unless `allowFailure`) or takes longer than `timeout` seconds.
  @discardableResult
  static func run(
    _ program: ServerRequirement, _ arguments: [String], in directory: TemporaryDirectory,
    timeout: Double = 30, allowFailure: Bool = false
  ) throws -> (status: Int32, output: String) {
    let executable = try program.requireExecutable()
    let logName = "command-\(UInt32.random(in: 0...UInt32.max)).log"
    let process = try ChildProcess.spawn(
      executable, arguments: arguments, directory: directory.path,
      streams: .log(directory.file(logName)))
    let finished = process.waitForExit(Deadline(seconds: timeout))
    if !finished { process.stop(signal: SIGKILL) }
    let output = directory.read(logName)
    unlink(directory.file(logName))
    let status = process.exitCode ?? -1
    let line = ([program.rawValue] + arguments).joined(separator: " ")
    guard finished else { throw TestServerError.timedOut(waitingFor: line, log: output) }
    if status != 0 && !allowFailure {
      throw TestServerError.commandFailed(command: line, status: status, output: output)
    }
    return (status, output)
  }
}
