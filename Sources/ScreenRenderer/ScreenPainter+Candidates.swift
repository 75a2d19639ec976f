import ChatRendering
import LineRenderer

extension ScreenPainter {
  /// Tab's candidates over the last rows of the message pane (at most half of it), as many
  /// as fit on each row, and how many more did not fit.
  func paintCandidates(_ candidates: [String], into grid: inout ScreenGrid) {
    let region = layout.messages
    guard region.height > 0, region.width > 0 else { return }
    let most = max(1, region.height / 2)
    // Whole candidates, as many as fit on each row; the last row keeps room for `+N more`.
    var rows: [[String]] = [[]]
    func width(_ row: [String]) -> Int {
      row.reduce(0) { $0 + DisplayWidth.of($1) } + 2 * max(0, row.count - 1)
    }
    var shown = 0
    for candidate in candidates.map(Sanitizer.sanitize) {
      let used = width(rows[rows.count - 1])
      if rows[rows.count - 1].isEmpty || used + 2 + DisplayWidth.of(candidate) <= region.width {
        rows[rows.count - 1].append(candidate)
      } else if rows.count < most {
        rows.append([candidate])
      } else {
        break
      }
      shown += 1
    }
    var lines = rows.map { $0.joined(separator: "  ") }
    if shown < candidates.count {
      while rows[rows.count - 1].count > 1,
        width(rows[rows.count - 1]) + " +\(candidates.count - shown) more".count > region.width
      {
        rows[rows.count - 1].removeLast()
        shown -= 1
      }
      lines[lines.count - 1] =
        rows[rows.count - 1].joined(separator: "  ") + " +\(candidates.count - shown) more"
    }
    let first = region.row + region.height - lines.count
    let end = region.column + region.width
    for (offset, text) in lines.enumerated() {
      grid.fill(row: first + offset, from: region.column, to: end, style: .bar)
      grid.write(text, row: first + offset, column: region.column, limit: end, style: .bar)
    }
  }
}
