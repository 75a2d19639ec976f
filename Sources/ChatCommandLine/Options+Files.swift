import Glibc

extension Options {
  /// Refuses two options that name one file: both outputs would truncate and interleave it,
  /// and an output on the scenario would overwrite it. Real files are compared by device and
  /// inode (hard links, symbolic links, `./F` and `F` are one file); files that do not exist
  /// yet by the directory they would be created in and their name.
  func checkFilesAreDistinct() throws(UsageError) {
    let named: [(option: String, path: String?)] = [
      ("--scenario", scenario), ("--log", logFile), ("--jsonl", jsonlFile), ("--record", record),
      // Files chat only reads, but an output on one of them would destroy it.
      ("--sasl-password-file", network.saslPasswordFile), ("--tls-ca", network.tlsCA),
      ("--tls-cert", network.tlsCertificate),
    ]
    var seen: [(option: String, path: String, identity: FileIdentity)] = []
    for case (let option, let path?) in named {
      let identity = FileIdentity(path: path)
      if let earlier = seen.first(where: { $0.identity == identity }) {
        throw .sameFile(option: earlier.option, path: earlier.path, other: option, otherPath: path)
      }
      seen.append((option, path, identity))
    }
  }
}

/// Which file a path leads to, as far as can be told before anything is created.
private enum FileIdentity: Equatable {
  /// An existing file: its device and inode.
  case file(device: UInt64, inode: UInt64)
  /// A file still to be created: its directory's device and inode, and its name there.
  case entry(device: UInt64, inode: UInt64, name: String)
  /// Neither the file nor its directory can be looked at: the path as spelled.
  case spelling(String)

  init(path: String) {
    if let (device, inode) = Self.deviceAndInode(path) {
      self = .file(device: device, inode: inode)
      return
    }
    let slash = path.lastIndex(of: "/")
    let directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    if !name.isEmpty, let (device, inode) = Self.deviceAndInode(directory) {
      self = .entry(device: device, inode: inode, name: name)
    } else {
      self = .spelling(path)
    }
  }

  private static func deviceAndInode(_ path: String) -> (UInt64, UInt64)? {
    var info = Glibc.stat()
    guard stat(path, &info) == 0 else { return nil }
    return (UInt64(info.st_dev), UInt64(info.st_ino))
  }
}
