import Glibc

/// Which file a path leads to, as far as can be told before anything is created: two paths
/// with one identity would write (or read and write) one file.
enum FileIdentity: Equatable {
  /// An existing file: its device and inode (so hard links, symbolic links and `./F` for `F`
  /// are one file).
  case file(device: UInt64, inode: UInt64)
  /// A file still to be created, by the full path it would have once every symbolic link
  /// and `..` is resolved: its directory's real path and its name. A dangling symbolic link
  /// counts as the file it points to, which opening it would create.
  case path(String)
  /// Neither the file nor its directory can be looked at: the path as spelled.
  case spelling(String)

  /// The most symbolic links followed, as the kernel's own limit (`MAXSYMLINKS`).
  static let linkLimit = 40

  init(path: String) {
    if let (device, inode) = Self.deviceAndInode(path) {
      self = .file(device: device, inode: inode)
    } else if let resolved = Self.resolved(path) {
      self = .path(resolved)
    } else {
      self = .spelling(path)
    }
  }

  /// The full path `path` names with every symbolic link and `..` resolved, for an existing
  /// file and for one still to be created alike: an existing part as the kernel resolves it,
  /// a dangling symbolic link as the file it points to, and what does not exist yet (a
  /// `--log-dir` to be made) by its spelling. Nil when the links loop.
  static func resolved(_ path: String) -> String? {
    var links = 0
    return resolved(path, links: &links)
  }

  private static func resolved(_ path: String, links: inout Int) -> String? {
    if let real = realPath(path) { return real }
    if let target = linkTarget(path) {
      // A dangling link: opening it creates its target, relative to the link's directory.
      links += 1
      guard links <= linkLimit else { return nil }
      let directory = split(path).directory
      return resolved(target.hasPrefix("/") ? target : directory + "/" + target, links: &links)
    }
    let (directory, name) = split(path)
    guard directory != path, let base = resolved(directory, links: &links) else { return nil }
    switch name {
    case "", ".": return base
    case "..": return split(base).directory
    default: return (base == "/" ? "" : base) + "/" + name
    }
  }

  /// The directory part (`.` when there is none) and the last component of `path`.
  static func split(_ path: String) -> (directory: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return (".", path) }
    let directory = slash == path.startIndex ? "/" : String(path[..<slash])
    return (directory, String(path[path.index(after: slash)...]))
  }

  private static func deviceAndInode(_ path: String) -> (UInt64, UInt64)? {
    var info = Glibc.stat()
    guard stat(path, &info) == 0 else { return nil }
    return (UInt64(info.st_dev), UInt64(info.st_ino))
  }

  private static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// What the symbolic link at `path` holds; nil when `path` is no symbolic link.
  private static func linkTarget(_ path: String) -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink(path, &buffer, buffer.count - 1)
    guard count > 0 else { return nil }
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
