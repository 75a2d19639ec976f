import ChatRendering

/// How a snapshot file is compared with what a renderer prints: byte for byte, after line ends
/// are normalised (CRLF to LF) on both sides, so a checkout that converted line ends still
/// matches. A lone CR stays, and shows in a diff as `␍`.
public enum SnapshotComparison {
  /// Whether `expected` (nil: no snapshot yet) holds what `actual` does.
  public static func matches(_ expected: [UInt8]?, _ actual: [UInt8]) -> Bool {
    guard let expected else { return false }
    return expected == actual || normalised(expected) == normalised(actual)
  }

  /// `bytes` with every CR that ends a line before its LF removed.
  public static func normalised(_ bytes: [UInt8]) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count)
    for (index, byte) in bytes.enumerated() {
      let crBeforeLF =
        byte == UInt8(ascii: "\r") && index + 1 < bytes.count
        && bytes[index + 1] == UInt8(ascii: "\n")
      if !crBeforeLF { result.append(byte) }
    }
    return result
  }

  /// A unified diff from the snapshot to what was rendered, with invisible characters shown;
  /// `name` (sanitised here) heads it.
  public static func diff(expected: [UInt8], actual: [UInt8], name: String) -> String {
    LineDiff.unified(
      expected: text(normalised(expected)), actual: text(normalised(actual)),
      expectedName: "\(Sanitizer.sanitize(name)) (expected)", actualName: "actual output")
  }

  /// The first line of the snapshot that differs from what was rendered, or nil if none does.
  public static func firstDifference(expected: [UInt8], actual: [UInt8]) -> Int? {
    LineDiff.firstDifference(
      expected: text(normalised(expected)), actual: text(normalised(actual)))
  }

  private static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
}
