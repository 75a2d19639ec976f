import Foundation

/// A temporary folder for one test, with files written at a given mode; removed by `remove()`.
struct ScratchFolder {
  let path: String

  init() throws {
    path =
      FileManager.default.temporaryDirectory.appendingPathComponent(
        "chat-net-\(UUID().uuidString)"
      ).path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  /// Writes `text` to `name` inside the folder, with permissions `mode`; returns its path.
  @discardableResult
  func write(_ text: String, to name: String, mode: Int = 0o600) throws -> String {
    let file = path + "/" + name
    let directory = (file as NSString).deletingLastPathComponent
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: URL(fileURLWithPath: file))
    try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: file)
    return file
  }

  /// The permissions of `name` inside the folder.
  func mode(of name: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path + "/" + name)
    return (attributes[.posixPermissions] as? Int) ?? -1
  }

  /// An environment whose HOME and XDG directories are inside the folder, and nothing else
  /// (no CHAT_SASL_PASSWORD from the test's own environment).
  func environment(_ extra: [String: String] = [:]) -> [String: String] {
    var environment = [
      "HOME": path + "/home", "XDG_CONFIG_HOME": path + "/config",
      "XDG_STATE_HOME": path + "/state", "USER": "tester", "PATH": "/usr/bin:/bin",
    ]
    environment.merge(extra) { $1 }
    return environment
  }

  func remove() {
    try? FileManager.default.removeItem(atPath: path)
  }
}
