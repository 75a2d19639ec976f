/// Cuts a message of several lines into multiline batches (`draft/multiline`) that each fit
/// the server's limits, every line of a batch fitting one relayed line.
///
/// A line too long for one `PRIVMSG` goes out in pieces (`IRCTextSplitter`: between words,
/// the space kept at the end of a piece), each after the first tagged
/// `draft/multiline-concat`, so the receiver joins them with nothing between. A batch holds
/// whole lines while they fit (`max-bytes`, the line feeds joining them counted, and
/// `max-lines`); the next line that does not fit starts the next batch, so a block longer
/// than the server takes goes out as several messages, each whole lines. Only a line longer
/// than a whole batch is cut across two, its rest starting a line of its own there.
public enum IRCMultilineBatcher {
  /// One line of a batch: its text, and whether it carries on the line before it
  /// (`draft/multiline-concat`).
  public struct Line: Hashable, Sendable {
    public var text: String
    public var isConcatenated: Bool

    public init(_ text: String, isConcatenated: Bool = false) {
      self.text = text
      self.isConcatenated = isConcatenated
    }
  }

  /// `lines` (none holding a line feed) as batches within `limits`, each piece at most
  /// `lineBudget` bytes. Batches of blank lines alone are left out (the spec forbids them).
  public static func batches(
    _ lines: [String], lineBudget: Int, limits: IRCMultilineLimits
  ) -> [[Line]] {
    let pieceBudget = max(1, min(lineBudget, limits.maxBytes))
    let maxLines = limits.maxLines ?? Int.max
    var batches: [[Line]] = []
    var current: [Line] = []
    var bytes = 0
    func close() {
      if current.contains(where: { !$0.text.isEmpty }) { batches.append(current) }
      (current, bytes) = ([], 0)
    }
    for line in lines {
      let pieces = IRCTextSplitter.split(line, maxBytes: pieceBudget)
      // A whole line that does not fit what is left starts the next batch.
      let cost = pieces.reduce(current.isEmpty ? 0 : 1) { $0 + $1.utf8.count }
      if !current.isEmpty, bytes + cost > limits.maxBytes || current.count + pieces.count > maxLines
      {
        close()
      }
      for (index, piece) in pieces.enumerated() {
        var concatenated = index > 0 && !current.isEmpty
        var extra = piece.utf8.count + (current.isEmpty || concatenated ? 0 : 1)
        if !current.isEmpty, bytes + extra > limits.maxBytes || current.count >= maxLines {
          close()
          (concatenated, extra) = (false, piece.utf8.count)
        }
        current.append(Line(piece, isConcatenated: concatenated))
        bytes += extra
      }
    }
    close()
    return batches
  }

  /// The text a batch's lines make: joined by line feeds, a concatenated line by nothing.
  public static func text(of lines: [Line]) -> String {
    var text = ""
    for (index, line) in lines.enumerated() {
      if index > 0, !line.isConcatenated { text += "\n" }
      text += line.text
    }
    return text
  }
}
