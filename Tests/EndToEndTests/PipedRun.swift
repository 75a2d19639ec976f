import Foundation

/// Runs the built `chat` with real pipes for standard output and error (standard input is
/// /dev/null), so the binary writes exactly as it does into `chat … | jq`.
enum PipedRun {
  struct Result {
    var status: Int32
    var stdout: [UInt8]
    var stderr: String
  }

  static func chat(_ arguments: [String]) throws -> Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: BinaryRunner.chatPath)
    process.arguments = arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    // Both pipes are drained at once, so a child filling one of them cannot stall.
    let collected = Collected()
    let group = DispatchGroup()
    let errorHandle = errors.fileHandleForReading
    DispatchQueue.global().async(group: group) {
      collected.set(errorHandle.readDataToEndOfFile())
    }
    let stdout = output.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, stdout: [UInt8](stdout),
      stderr: String(decoding: collected.data, as: UTF8.self))
  }
}

/// Standard error, read on another thread and handed back once that thread is done.
private final class Collected: @unchecked Sendable {
  private let lock = NSLock()
  private var stored = Data()

  var data: Data { lock.withLock { stored } }
  func set(_ data: Data) { lock.withLock { stored = data } }
}
