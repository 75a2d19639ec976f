import Glibc

/// A file opened for reading, with what `fstat` says of the opened descriptor: checks made on
/// it (regular file, mode) hold for the very file read, with no window between look and open.
struct OpenedFile: ~Copyable {
  /// Why a file could not be read.
  enum Failure: Error, Equatable {
    /// `open` or `read` failed with this `errno`.
    case system(Int32)
    /// A directory, FIFO, device or socket.
    case notRegular
    /// Longer than the reader's limit.
    case tooLarge
  }

  private let descriptor: Int32
  /// The descriptor's `fstat`.
  let info: stat

  /// Opens `path`. `O_NONBLOCK` so that a FIFO cannot block the open; only regular files are
  /// read, so it never matters for reads.
  init(path: String) throws(Failure) {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
    guard descriptor >= 0 else { throw .system(errno) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      let code = errno
      close(descriptor)
      throw .system(code)
    }
    guard info.st_mode & S_IFMT == S_IFREG else {
      close(descriptor)
      throw .notRegular
    }
    (self.descriptor, self.info) = (descriptor, info)
  }

  deinit { close(descriptor) }

  /// The permission bits (`0o644`).
  var permissions: UInt32 { UInt32(info.st_mode) & 0o7777 }

  /// Reads into `buffer` until the file ends or `buffer` is full; returns the count.
  func read(into buffer: UnsafeMutableRawBufferPointer) throws(Failure) -> Int {
    var total = 0
    while total < buffer.count {
      let count = Glibc.read(descriptor, buffer.baseAddress! + total, buffer.count - total)
      if count > 0 {
        total += count
      } else if count == 0 {
        break
      } else if errno != EINTR {
        throw .system(errno)
      }
    }
    return total
  }

  /// The whole file, refusing one longer than `limit` bytes.
  func readAll(limit: Int) throws(Failure) -> [UInt8] {
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: limit + 1, alignment: 1)
    defer { buffer.deallocate() }
    let count = try read(into: buffer)
    guard count <= limit else { throw .tooLarge }
    return Array(buffer[..<count])
  }

  /// The C library's text for `code`, lowercase as every message here is.
  static func reason(_ code: Int32) -> String {
    guard let text = strerror(code).map({ String(cString: $0) }), !text.isEmpty else {
      return "error \(code)"
    }
    return text.prefix(1).lowercased() + text.dropFirst()
  }
}
