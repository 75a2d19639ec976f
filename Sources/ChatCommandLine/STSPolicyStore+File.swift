import ChatCore
import Glibc

extension STSPolicyStore {
  /// The largest store file chat reads.
  static let maximumSize = 1 << 20

  /// The store's text: one `host port expiry duration` line per host, sorted by host.
  var serialized: String {
    var text = "# chat: IRCv3 STS policies (host port expiry-seconds duration-seconds)\n"
    for (host, entry) in entries.sorted(by: { $0.key < $1.key }) {
      text +=
        "\(host) \(entry.port) \(entry.expiry.millisecondsSinceEpoch / 1000)"
        + " \(entry.durationSeconds)\n"
    }
    return text
  }

  /// Reads a store's text; `path` names the file in errors.
  init(parsing text: String, path: String) throws(STSPolicyStoreError) {
    var entries: [String: Entry] = [:]
    var number = 0
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      number += 1
      if line.isEmpty || line.hasPrefix("#") { continue }
      let fields = line.split(separator: " ")
      guard fields.count == 4, let port = UInt16(fields[1]), port > 0,
        let expiry = Int64(fields[2]), expiry >= 0, expiry <= Int64.max / 1000,
        let duration = Int64(fields[3]), duration > 0,
        !fields[0].contains(where: { $0.isWhitespace || $0.asciiValue.map { $0 < 0x20 } == true })
      else {
        throw .malformed(path: path, line: number)
      }
      entries[String(fields[0]).lowercased()] = Entry(
        port: port, expiry: Timestamp(millisecondsSinceEpoch: expiry * 1000),
        durationSeconds: duration)
    }
    self.init(entries: entries)
  }

  /// The store at `path`; a missing file is an empty store.
  static func load(path: String) throws(STSPolicyStoreError) -> STSPolicyStore {
    let bytes: [UInt8]
    do {
      bytes = try OpenedFile(path: path).readAll(limit: maximumSize)
    } catch {
      switch error {
      case .system(let code) where code == ENOENT: return STSPolicyStore()
      case .system(let code): throw .unreadable(path: path, reason: OpenedFile.reason(code))
      case .notRegular: throw .unreadable(path: path, reason: "not a regular file")
      case .tooLarge: throw .malformed(path: path, line: 1)
      }
    }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw .malformed(path: path, line: 1)
    }
    return try STSPolicyStore(parsing: text, path: path)
  }

  /// Writes the store to `path` atomically: its directory is made (0700) if missing, the text
  /// goes to a temporary file beside it (0600), is synced, and is renamed over `path`.
  func save(to path: String) throws(STSPolicyStoreError) {
    let slash = path.lastIndex(of: "/")
    let directory = slash.map { String(path[..<$0]) } ?? "."
    try Self.makeDirectories(directory, for: path)
    var template = Array((directory + "/.sts-XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else { throw .cannotWrite(path: path, reason: OpenedFile.reason(errno)) }
    let temporary = String(
      decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    var written = false
    defer {
      if !written { unlink(temporary) }
    }
    let bytes = Array(serialized.utf8)
    var offset = 0
    var failure: Int32 = 0
    if fchmod(descriptor, 0o600) != 0 { failure = errno }
    while failure == 0, offset < bytes.count {
      let count = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      if count >= 0 {
        offset += count
      } else if errno != EINTR {
        failure = errno
      }
    }
    if failure == 0, fsync(descriptor) != 0 { failure = errno }
    if close(descriptor) != 0, failure == 0 { failure = errno }
    if failure == 0, rename(temporary, path) != 0 { failure = errno }
    guard failure == 0 else { throw .cannotWrite(path: path, reason: OpenedFile.reason(failure)) }
    written = true
  }

  /// Makes `directory` and any missing parents, each 0700 (as the XDG spec asks).
  private static func makeDirectories(_ directory: String, for path: String)
    throws(STSPolicyStoreError)
  {
    var info = stat()
    if directory.isEmpty || stat(directory, &info) == 0 { return }
    let parent = directory.lastIndex(of: "/").map { String(directory[..<$0]) } ?? ""
    if !parent.isEmpty { try makeDirectories(parent, for: path) }
    if mkdir(directory, 0o700) != 0, errno != EEXIST {
      throw .cannotWrite(path: path, reason: OpenedFile.reason(errno))
    }
  }
}
