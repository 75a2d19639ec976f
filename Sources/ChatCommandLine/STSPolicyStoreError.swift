import ChatCore
import ChatRendering

/// Why the STS policy store cannot be used. A damaged store is an error rather than ignored:
/// ignoring it would silently drop policies, which is exactly the downgrade STS prevents.
enum STSPolicyStoreError: Error, Equatable, CustomStringConvertible {
  /// A line that is not `host port expiry duration`.
  case malformed(path: String, line: Int)
  /// The store exists but cannot be read.
  case unreadable(path: String, reason: String)
  /// The store cannot be written.
  case cannotWrite(path: String, reason: String)

  var description: String {
    switch self {
    case .malformed(let path, let line):
      "\(Sanitizer.sanitize(path)):\(line): not an STS policy (host port expiry duration);"
        + " remove the line or the file to forget the policies"
    case .unreadable(let path, let reason):
      "cannot read the STS policies '\(Sanitizer.sanitize(path))': \(reason)"
    case .cannotWrite(let path, let reason):
      "cannot save the STS policies to '\(Sanitizer.sanitize(path))': \(reason)"
    }
  }

  /// The exit status (sysexits): 78 for a damaged store, 66 unreadable, 73 cannot write.
  var exitStatus: ExitStatus {
    switch self {
    case .malformed: .configuration
    case .unreadable: .noInput
    case .cannotWrite: .cannotCreate
    }
  }
}
