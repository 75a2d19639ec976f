import Glibc

/// The few file-system calls `chat verify` makes, on plain paths and without Foundation, so
/// that a file name is used exactly as the directory holds it.
enum FileSystem {
  /// What a directory entry is, without following a symbolic link.
  enum Kind: Equatable {
    case directory
    case file
    /// A symbolic link to a directory: never followed, so a link cannot make a loop.
    case linkToDirectory
    /// A symbolic link to a file, or a dangling one: read through, as a file.
    case linkToFile
    case other
  }

  /// One directory's entries, by name, sorted; `.` and `..` left out. Names that are not UTF-8
  /// cannot be opened again from a Swift string, so they come back apart, shown with U+FFFD.
  struct Listing {
    var entries: [(name: String, kind: Kind)] = []
    var undecodable: [String] = []
  }

  /// The entries of the directory at `path`, or the reason it cannot be read.
  static func list(_ path: String) -> Result<Listing, Failure> {
    guard let directory = opendir(path) else { return .failure(Failure(errno)) }
    defer { closedir(directory) }
    var listing = Listing()
    while true {
      errno = 0
      guard let entry = readdir(directory) else {
        if errno != 0 { return .failure(Failure(errno)) }
        break
      }
      let bytes = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        Array(raw.prefix { $0 != 0 })
      }
      guard let name = String(validating: bytes, as: UTF8.self) else {
        listing.undecodable.append(String(decoding: bytes, as: UTF8.self))
        continue
      }
      // An entry removed since readdir saw it is simply not there.
      guard name != ".", name != "..", let kind = kind(of: join(path, name)) else { continue }
      listing.entries.append((name, kind))
    }
    listing.entries.sort { $0.name < $1.name }
    listing.undecodable.sort()
    return .success(listing)
  }

  /// What is at `path` (nil: nothing), without following a last symbolic link.
  static func kind(of path: String) -> Kind? {
    var status = stat()
    guard lstat(path, &status) == 0 else { return nil }
    switch status.st_mode & S_IFMT {
    case S_IFDIR: return .directory
    case S_IFREG: return .file
    case S_IFLNK:
      var target = stat()
      let isDirectory = stat(path, &target) == 0 && target.st_mode & S_IFMT == S_IFDIR
      return isDirectory ? .linkToDirectory : .linkToFile
    default: return .other
    }
  }

  /// The bytes of the file at `path`; nil when there is no such file.
  static func contents(of path: String) -> Result<[UInt8]?, Failure> {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      return errno == ENOENT ? .success(nil) : .failure(Failure(errno))
    }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        bytes += chunk[..<count]
      } else if count == 0 {
        return .success(bytes)
      } else if errno != EINTR {
        return .failure(Failure(errno))
      }
    }
  }

  /// Removes the file at `path`; false (with nothing done) when it cannot.
  static func remove(_ path: String) -> Bool { unlink(path) == 0 }

  /// `name` inside the folder `path`, as a person would type it.
  static func join(_ path: String, _ name: String) -> String {
    path.hasSuffix("/") ? path + name : path + "/" + name
  }

  /// A system call's failure, as a person reads it.
  struct Failure: Error, Equatable, CustomStringConvertible {
    var code: Int32
    init(_ code: Int32) { self.code = code }

    var description: String {
      guard let text = strerror(code).map({ String(cString: $0) }), !text.isEmpty else {
        return "error \(code)"
      }
      return text.prefix(1).lowercased() + text.dropFirst()
    }
  }
}
