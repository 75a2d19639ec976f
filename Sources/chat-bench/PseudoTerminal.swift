import Glibc

/// A pseudo-terminal: the benchmark holds the master side, as a terminal emulator would, and
/// a child is started on the slave side by its path.
final class PseudoTerminal {
  /// The side the benchmark reads the child's output from and types into.
  let master: Int32
  /// The slave side's path, for the child to open as its controlling terminal.
  let path: String

  /// Opens a terminal of `rows` × `columns`; nil when no pseudo-terminal can be had.
  init?(rows: Int, columns: Int) {
    var (master, slave): (Int32, Int32) = (-1, -1)
    var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
    var name = [CChar](repeating: 0, count: 4096)
    guard openpty(&master, &slave, &name, nil, &size) == 0 else { return nil }
    // The child opens the slave by its path; keeping it open here would hide the child's exit
    // (the master reports EIO only once every slave descriptor is closed).
    close(slave)
    _ = fcntl(master, F_SETFD, FD_CLOEXEC)
    self.master = master
    path = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  deinit {
    close(master)
  }

  /// Types `keys`.
  func type(_ keys: String) {
    OutputReader.writeAll(master, Array(keys.utf8))
  }
}
