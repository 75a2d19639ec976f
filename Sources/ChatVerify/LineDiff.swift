import ChatRendering

/// A unified diff of two texts, line by line, with invisible characters made visible.
///
/// Myers' O((N+M)·D) algorithm: fast when the texts are nearly equal, which is the case for a
/// snapshot that changed. Its trace costs O(D·(N+M)) memory, so very different large texts
/// get a short summary instead of a diff.
public enum LineDiff {
  /// One line of an edit script.
  public enum Edit: Equatable, Sendable {
    /// A line both texts hold.
    case same(String)
    /// A line only the expected text holds.
    case removed(String)
    /// A line only the actual text holds.
    case added(String)

    var isChange: Bool { if case .same = self { false } else { true } }
  }

  /// Texts longer than this many lines together are summarised, not diffed.
  public static let maximumLines = 20_000

  /// A unified diff from `expected` to `actual` with `context` lines around each change.
  public static func unified(
    expected: String, actual: String, expectedName: String, actualName: String, context: Int = 3
  ) -> String {
    let old = lines(expected)
    let new = lines(actual)
    var output = "--- \(expectedName)\n+++ \(actualName)\n"
    guard old.count + new.count <= maximumLines else {
      let first = zip(old, new).prefix { $0.0 == $0.1 }.count
      return output + "(too long to diff: \(old.count) vs \(new.count) lines; first"
        + " difference at line \(first + 1))\n"
    }
    let edits = edits(old, new)
    // Hunks: runs of changes, with context, merged when they are close.
    var index = 0
    var oldLine = 1
    var newLine = 1
    while index < edits.count {
      guard let change = edits[index...].firstIndex(where: \.isChange) else { break }
      let start = max(index, change - context)
      for edit in edits[index..<start] { advance(edit, &oldLine, &newLine) }
      var lastChange = change
      var cursor = change + 1
      while cursor < edits.count, cursor - lastChange <= 2 * context + 1 {
        if edits[cursor].isChange { lastChange = cursor }
        cursor += 1
      }
      let end = min(edits.count, lastChange + 1 + context)
      let hunk = edits[start..<end]
      let oldCount = hunk.filter { if case .added = $0 { false } else { true } }.count
      let newCount = hunk.filter { if case .removed = $0 { false } else { true } }.count
      output += "@@ -\(oldCount == 0 ? oldLine - 1 : oldLine),\(oldCount)"
      output += " +\(newCount == 0 ? newLine - 1 : newLine),\(newCount) @@\n"
      for edit in hunk {
        switch edit {
        case .same(let line): output += " " + visible(line) + "\n"
        case .removed(let line): output += "-" + visible(line) + "\n"
        case .added(let line): output += "+" + visible(line) + "\n"
        }
        advance(edit, &oldLine, &newLine)
      }
      index = end
    }
    return output
  }

  /// The first line (counting from 1) at which `actual` stops matching `expected`, or nil
  /// when they are equal: where to look first in the expected file.
  public static func firstDifference(expected: String, actual: String) -> Int? {
    let old = lines(expected)
    let new = lines(actual)
    guard old != new else { return nil }
    let same = zip(old, new).prefix { $0.0 == $0.1 }.count
    return same + 1
  }

  /// The shortest edit script turning `old` into `new`.
  public static func edits(_ old: [String], _ new: [String]) -> [Edit] {
    let (n, m) = (old.count, new.count)
    let offset = n + m + 1
    var frontier = [Int](repeating: 0, count: 2 * offset + 1)
    var trace: [[Int]] = []
    search: for depth in 0...(n + m) {
      trace.append(frontier)
      for diagonal in stride(from: -depth, through: depth, by: 2) {
        var x =
          diagonal == -depth
            || (diagonal != depth
              && frontier[offset + diagonal - 1] < frontier[offset + diagonal + 1])
          ? frontier[offset + diagonal + 1] : frontier[offset + diagonal - 1] + 1
        var y = x - diagonal
        while x < n, y < m, old[x] == new[y] {
          x += 1
          y += 1
        }
        frontier[offset + diagonal] = x
        if x >= n, y >= m { break search }
      }
    }
    var (x, y) = (n, m)
    var result: [Edit] = []
    for depth in stride(from: trace.count - 1, through: 0, by: -1) {
      let previous = trace[depth]
      let diagonal = x - y
      let down =
        diagonal == -depth
        || (diagonal != depth && previous[offset + diagonal - 1] < previous[offset + diagonal + 1])
      let startX = previous[offset + (down ? diagonal + 1 : diagonal - 1)]
      let startY = startX - (down ? diagonal + 1 : diagonal - 1)
      while x > startX, y > startY {
        result.append(.same(old[x - 1]))
        x -= 1
        y -= 1
      }
      guard depth > 0 else { break }
      if down {
        result.append(.added(new[y - 1]))
        y -= 1
      } else {
        result.append(.removed(old[x - 1]))
        x -= 1
      }
    }
    return result.reversed()
  }

  /// `text` split into lines; a last line without its newline is marked, so that a missing
  /// final newline shows up as a difference.
  public static func lines(_ text: String) -> [String] {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" {
      lines.removeLast()
    } else if let last = lines.popLast() {
      lines.append(last + noNewline)
    }
    return lines
  }

  /// A line as it should be read in a diff: control characters as their stand-ins (`␛`, `␍`,
  /// `<U+202E>`, …) and trailing blanks as `·`.
  public static func visible(_ line: String) -> String {
    var text = line
    let missingNewline = text.hasSuffix(noNewline)
    if missingNewline { text.removeLast(noNewline.count) }
    let body = text.reversed().drop { $0 == " " }.reversed()
    let trailing = text.count - body.count
    var result = Sanitizer.sanitize(String(body)) + String(repeating: "·", count: trailing)
    if missingNewline { result += "\n\\ No newline at end of file" }
    return result
  }

  private static let noNewline = "\u{0}<no newline>"

  private static func advance(_ edit: Edit, _ oldLine: inout Int, _ newLine: inout Int) {
    switch edit {
    case .same:
      oldLine += 1
      newLine += 1
    case .removed: oldLine += 1
    case .added: newLine += 1
    }
  }
}
