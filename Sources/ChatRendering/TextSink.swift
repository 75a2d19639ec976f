import Glibc

/// Where a renderer's bytes go: a terminal, a pipe, a file, or memory in tests.
public protocol TextSink: AnyObject {
  /// Takes `bytes`; they may be buffered until `flush`.
  func write(_ bytes: [UInt8]) throws(SinkError)
  /// Hands everything buffered to the operating system.
  func flush() throws(SinkError)
  /// Lets `body` append bytes in place to what the sink holds, then takes them as `write(_:)`
  /// takes its bytes: a renderer formats straight into a buffering sink, with no array of its
  /// own to copy and empty on every render.
  func write(appendingWith body: (inout [UInt8]) -> Void) throws(SinkError)
}

extension TextSink {
  /// Hands `body` an empty array and writes what it appended, if anything.
  public func write(appendingWith body: (inout [UInt8]) -> Void) throws(SinkError) {
    var bytes: [UInt8] = []
    body(&bytes)
    if !bytes.isEmpty { try write(bytes) }
  }
}

/// Why a sink could not take more output.
///
/// `output` names where the bytes were going, as a person reads it: `standard output`, or a
/// file's path in quotes. Descriptions pass it through `Sanitizer`, since a path may hold
/// anything.
public enum SinkError: Error, Equatable, CustomStringConvertible {
  /// A file to write could not be created.
  case cannotCreate(path: String, errno: Int32)
  /// The reader went away (a closed pipe while SIGPIPE is ignored).
  case closed(output: String)
  /// Any other write error, with its `errno`.
  case failed(output: String, errno: Int32)

  public var description: String {
    switch self {
    case .cannotCreate(let path, let code):
      "cannot create '\(Sanitizer.sanitize(path))': \(Self.reason(code))"
    case .closed(let output):
      "cannot write to \(Sanitizer.sanitize(output)): the reader went away (broken pipe)"
    case .failed(let output, let code):
      "cannot write to \(Sanitizer.sanitize(output)): \(Self.reason(code))"
    }
  }

  /// The C library's text for `code` (`strerror`), starting lowercase as every message here
  /// does, unless it starts with an abbreviation.
  static func reason(_ code: Int32) -> String {
    guard let text = strerror(code).map({ String(cString: $0) }), !text.isEmpty else {
      return "error \(code)"
    }
    let second = text.dropFirst().first
    guard let second, second.isLowercase else { return text }
    return text.prefix(1).lowercased() + text.dropFirst()
  }
}
