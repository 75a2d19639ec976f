/// What a server takes in one multiline message (`draft/multiline`), from the capability's
/// value: `max-bytes=4096,max-lines=100`.
///
/// `max-bytes` counts the text of every line and one byte for each line feed that joins two
/// (none for a line tagged `draft/multiline-concat`); `max-lines` counts the `PRIVMSG` lines
/// of the batch. The spec requires `max-bytes`: a value without it (or with a nonsense one)
/// gives no limits, and chat sends no multiline batches there (it still reads them).
public struct IRCMultilineLimits: Hashable, Sendable {
  /// The most bytes of text in one batch, line feeds included.
  public var maxBytes: Int
  /// The most lines in one batch, when the server says.
  public var maxLines: Int?

  /// Limits as given; `maxBytes` at least 1, a `maxLines` of 0 or less meaning none.
  public init(maxBytes: Int, maxLines: Int? = nil) {
    self.maxBytes = max(1, maxBytes)
    self.maxLines = maxLines.flatMap { $0 > 0 ? $0 : nil }
  }

  /// Reads the capability's value (`key[=value]` tokens separated by commas; unknown keys
  /// ignored, as the spec says); nil without a positive `max-bytes`.
  public init?(capabilityValue: String?) {
    guard let capabilityValue else { return nil }
    var maxBytes: Int?
    var maxLines: Int?
    for token in capabilityValue.split(separator: ",") {
      let parts = token.split(separator: "=", maxSplits: 1)
      guard parts.count == 2, let number = Int(parts[1]), number > 0 else { continue }
      switch parts[0] {
      case "max-bytes": maxBytes = number
      case "max-lines": maxLines = number
      default: continue
      }
    }
    guard let maxBytes else { return nil }
    self.init(maxBytes: maxBytes, maxLines: maxLines)
  }
}
