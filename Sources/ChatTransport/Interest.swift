import Glibc

/// Which readiness of a stream's descriptor the event loop should watch.
public struct Interest: Hashable, Sendable, CustomStringConvertible {
  /// Watch for bytes to read (or end of stream).
  public var read: Bool
  /// Watch for room to write (or a connect finishing).
  public var write: Bool

  /// An interest in the given directions.
  public init(read: Bool = false, write: Bool = false) {
    self.read = read
    self.write = write
  }

  /// Nothing to watch: the stream is closed or failed.
  public static let none = Interest()
  /// Reading only.
  public static let readable = Interest(read: true)
  /// Writing only.
  public static let writable = Interest(write: true)

  /// The `poll(2)` event bits for this interest (`POLLIN`, `POLLOUT`).
  public var pollEvents: Int16 {
    (read ? Int16(POLLIN) : 0) | (write ? Int16(POLLOUT) : 0)
  }

  public var description: String {
    switch (read, write) {
    case (false, false): "none"
    case (true, false): "read"
    case (false, true): "write"
    case (true, true): "read+write"
    }
  }
}
