import Foundation

/// A fresh directory under the system's temporary directory, removed by `remove()`.
///
/// Servers run with it as their working directory, so their configs, logs, databases and any
/// core file stay inside it. `CHAT_KEEP_SERVER_DIRECTORIES=1` keeps it for a post-mortem.
public final class TemporaryDirectory {
  /// The directory's absolute path.
  public let path: String

  /// Makes a new, empty directory whose name starts with `prefix`.
  public init(prefix: String) throws {
    var template = Array("\(NSTemporaryDirectory())/\(prefix)-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else {
      throw TestServerError.systemCall("mkdtemp", errno: errno)
    }
    path = String(cString: made)
  }

  /// The path of `name` inside the directory.
  public func file(_ name: String) -> String { "\(path)/\(name)" }

  /// Writes `contents` to `name` inside the directory and returns its path.
  @discardableResult
  public func write(_ contents: String, to name: String) throws -> String {
    let target = file(name)
    try contents.write(toFile: target, atomically: true, encoding: .utf8)
    return target
  }

  /// Reads `name` inside the directory, or "" if it does not exist yet.
  public func read(_ name: String) -> String {
    guard let data = FileManager.default.contents(atPath: file(name)) else { return "" }
    return String(decoding: data, as: UTF8.self)
  }

  /// Removes the directory and everything in it (unless asked to keep it).
  public func remove() {
    if ProcessInfo.processInfo.environment["CHAT_KEEP_SERVER_DIRECTORIES"] == "1" { return }
    try? FileManager.default.removeItem(atPath: path)
  }
}
