/// Where a renderer's bytes go: a terminal, a pipe, a file, or memory in tests.
public protocol TextSink: AnyObject {
  /// Takes `bytes`; they may be buffered until `flush`.
  func write(_ bytes: [UInt8]) throws(SinkError)
  /// Hands everything buffered to the operating system.
  func flush() throws(SinkError)
}

/// Why a sink could not take more output.
public enum SinkError: Error, Equatable, CustomStringConvertible {
  /// A file to write could not be created.
  case cannotCreate(path: String, errno: Int32)
  /// The reader went away (a closed pipe): stop quietly.
  case closed
  /// Any other write error, with its `errno`.
  case failed(errno: Int32)

  public var description: String {
    switch self {
    case .cannotCreate(let path, let code): "cannot create '\(path)': \(Self.reason(code))"
    case .closed: "output closed"
    case .failed(let code): "cannot write output: \(Self.reason(code))"
    }
  }

  private static func reason(_ code: Int32) -> String {
    switch code {
    case 2: "no such file or directory"
    case 13: "permission denied"
    case 21: "is a directory"
    case 28: "no space left on device"
    case 30: "read-only file system"
    default: "error \(code)"
    }
  }
}
