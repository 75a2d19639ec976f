import ChatRendering
import Glibc

extension FileSink {
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
