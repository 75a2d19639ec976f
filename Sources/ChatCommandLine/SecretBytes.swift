import Glibc

/// Bytes that must not outlive their use: a password. Held in memory chat allocates itself
/// and wipes with `explicit_bzero` when the last reference goes, so no freed page keeps the
/// secret. Never printed: every description, and `dump`, say only that something is hidden.
///
/// `@unchecked Sendable`: the bytes are written once, in `init`, and only read afterwards.
final class SecretBytes: @unchecked Sendable, CustomStringConvertible, CustomDebugStringConvertible,
  CustomReflectable
{
  private let storage: UnsafeMutableRawBufferPointer

  /// Copies `bytes` into memory of its own.
  init(_ bytes: some Collection<UInt8>) {
    storage = .allocate(byteCount: max(bytes.count, 1), alignment: 1)
    storage.initializeMemory(as: UInt8.self, repeating: 0)
    _ = storage.initializeMemory(as: UInt8.self, from: bytes)
    count = bytes.count
  }

  deinit {
    if let base = storage.baseAddress { explicit_bzero(base, storage.count) }
    storage.deallocate()
  }

  /// How many bytes the secret has.
  let count: Int

  /// Calls `body` with the bytes; they must not be copied out of it more than needed.
  func withUnsafeBytes<Result, Failure: Error>(
    _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try body(UnsafeRawBufferPointer(rebasing: storage[..<count]))
  }

  /// Whether `other` holds the same bytes, compared in time that depends only on the length.
  func isEqual(to other: SecretBytes) -> Bool {
    guard count == other.count else { return false }
    return withUnsafeBytes { mine in
      other.withUnsafeBytes { theirs in
        var difference: UInt8 = 0
        for index in 0..<count { difference |= mine[index] ^ theirs[index] }
        return difference == 0
      }
    }
  }

  /// Whether the secret contains `byte` (used to check a password, never to show it).
  func contains(_ byte: UInt8) -> Bool {
    withUnsafeBytes { $0.contains(byte) }
  }

  var description: String { "<secret>" }
  var debugDescription: String { "<secret>" }
  var customMirror: Mirror { Mirror(self, children: [], displayStyle: .class) }
}
