import ChatRendering
import Glibc

extension FileSink {
  /// Opens the file at `path` for appending, creating it 0600 if it does not exist: a
  /// transcript (`--log`, `--jsonl`) given a file that holds an earlier run's keeps it, and
  /// the new run follows it. The path is the user's own choice, so a symbolic link is
  /// followed; an existing file keeps its mode.
  public static func appending(path: String) throws(SinkError) -> FileSink {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw .cannotCreate(path: path, errno: errno) }
    return FileSink(
      descriptor: descriptor, closesDescriptor: true, writesThrough: true, output: "'\(path)'")
  }

  /// Creates the file at `path`, 0600, refusing one that exists (`EEXIST`), a dangling
  /// symbolic link included: a recording (`--record`) never replaces another.
  public static func creatingNew(path: String) throws(SinkError) -> FileSink {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw .cannotCreate(path: path, errno: errno) }
    return FileSink(
      descriptor: descriptor, closesDescriptor: true, writesThrough: true, output: "'\(path)'")
  }

  /// Opens the file at `path` for appending, creating it readable and writable by its owner
  /// only (0600), as a conversation's log under `--log-dir` is; a symbolic link is refused.
  public static func appendingPrivately(path: String) throws(SinkError) -> FileSink {
    let descriptor = open(
      path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard descriptor >= 0 else { throw .cannotCreate(path: path, errno: errno) }
    return FileSink(
      descriptor: descriptor, closesDescriptor: true, writesThrough: true, output: "'\(path)'")
  }

  /// Creates the directory at `path` for the owner only (0700) unless it exists already (then
  /// it is left as it is).
  public static func makePrivateDirectory(path: String) throws(SinkError) {
    if mkdir(path, 0o700) == 0 { return }
    let code = errno
    var status = stat()
    guard code == EEXIST, stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
      throw .cannotCreate(path: path, errno: code == EEXIST ? ENOTDIR : code)
    }
  }
}
