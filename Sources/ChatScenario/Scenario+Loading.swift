import Glibc

extension Scenario {
  /// Reads and parses the scenario file at `path`; errors name `path` as given.
  public init(contentsOfFile path: String) throws(ScenarioError) {
    self = try ScenarioParser.parse(Self.readFile(path), file: path)
  }

  private static func readFile(_ path: String) throws(ScenarioError) -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw failure(path, errno) }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        bytes += chunk[..<count]
      } else if count == 0 {
        return bytes
      } else if errno != EINTR {
        throw failure(path, errno)
      }
    }
  }

  private static func failure(_ path: String, _ code: Int32) -> ScenarioError {
    if code == ENOENT { return .missingFile(path: path) }
    return .unreadableFile(path: path, reason: String(cString: strerror(code)).lowercased())
  }
}
