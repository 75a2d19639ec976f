import ChatCore
import ChatRendering
import LineRenderer

/// Draws the whole screen for one state into a grid: the title, the buffer list, the active
/// conversation's rows (from the core's messages and the journal's lines, newest at the
/// bottom, scrolled back as the view says), the nick list, the status row and the input row.
///
/// Cost per frame: O(cells + rows shown + rows scrolled back + conversations + members
/// shown), never the length of a conversation below what is shown.
struct ScreenPainter {
  let state: AppState
  let layout: ScreenLayout
  let view: ScreenView
  let journal: ScreenJournal
  let color: Bool
  let utcOffsetSeconds: Int64

  /// The key of the active conversation.
  var activeKey: String { state.nameRules.key(for: state.conversations.activeName.text) }

  /// Paints everything; returns where the cursor goes (in the input row).
  func paint(_ input: InputRow, into grid: inout ScreenGrid) -> (row: Int, column: Int) {
    paintTitle(into: &grid)
    paintMessages(into: &grid)
    if let region = layout.bufferList { paintBufferList(region, into: &grid) }
    if let region = layout.nickList { paintNickList(region, into: &grid) }
    if !input.candidates.isEmpty { paintCandidates(input.candidates, into: &grid) }
    paintStatus(into: &grid)
    return paintInput(input, into: &grid)
  }

  /// The rows of the active conversation, oldest first: at most `need` of the newest, and
  /// whether they reach its oldest entry still kept. History placed above its messages
  /// (`EarlierHistory`) comes after them in this walk from the bottom up.
  func rows(need: Int) -> (rows: [[Cell]], reachedTop: Bool) {
    let need = max(0, need)
    let pane = PaneRows(
      width: max(1, layout.messages.width), color: color, utcOffsetSeconds: utcOffsetSeconds,
      search: view.search)
    let numbers = state.conversations.active.messageNumbers
    let firstKept = state.messageCount - state.messages.count + 1
    let lines = journal.lines(key: activeKey)
    let earlier = journal.earlier.shelf(key: activeKey)
    var placed = (earlier?.entries.count ?? 0) - 1
    var message = numbers.count - 1
    var line = (lines?.count ?? 0) - 1
    /// Steps past the messages placed above: they are drawn after everything in place.
    func skipPlaced() {
      guard let earlier else { return }
      while message >= 0, earlier.numbers.contains(numbers[message]) { message -= 1 }
    }
    /// Steps past placed messages the core no longer keeps (a later fetch's may still be).
    func skipForgotten() {
      guard let earlier else { return }
      while placed >= 0, earlier.entries[placed].number < firstKept { placed -= 1 }
    }
    skipPlaced()
    skipForgotten()
    var collected: [[Cell]] = []
    while collected.count < need {
      let entryRows: [[Cell]]
      if let lines, line >= 0, message < 0 || lines[line].afterMessage >= numbers[message] {
        entryRows = pane.rows(for: lines[line])
        line -= 1
      } else if message >= 0, numbers[message] >= firstKept {
        let shown = state.messages[numbers[message] - firstKept]
        let reactions = shown.serverMessageID.map { state.reactions.counts(for: $0) } ?? []
        entryRows = pane.rows(for: shown, reactions: reactions)
        message -= 1
        skipPlaced()
      } else if let earlier, placed >= 0 {
        entryRows = pane.rows(for: state.messages[earlier.entries[placed].number - firstKept])
        placed -= 1
        skipForgotten()
      } else {
        return (collected.prefix(need).reversed(), true)
      }
      collected += entryRows.reversed()
    }
    let exhausted = line < 0 && (message < 0 || numbers[message] < firstKept) && placed < 0
    return (collected.prefix(need).reversed(), exhausted && collected.count <= need)
  }

  private func paintTitle(into grid: inout ScreenGrid) {
    let active = state.conversations.active
    let named = bar(" " + Sanitizer.sanitize(active.name.text), row: layout.titleRow, into: &grid)
    guard let topic = active.topic, !topic.isEmpty else { return }
    var column = grid.write(": ", row: layout.titleRow, column: named, style: barStyle)
    // The topic reads as a message's text does (`PaneRows.text`): its IRC formatting as
    // styles, on the bar.
    for (text, style) in PaneRows.text(topic, markup: state.textMarkup) {
      var shown = style.forColor(color)
      shown.reverse = true
      if shown.foreground == nil { shown.foreground = barStyle.foreground }
      column = grid.write(text, row: layout.titleRow, column: column, style: shown)
    }
  }

  private func paintMessages(into grid: inout ScreenGrid) {
    let region = layout.messages
    guard region.height > 0, region.width > 0 else { return }
    let offset = view.offset(key: activeKey)
    let (rows, _) = rows(need: region.height + offset)
    let shown = rows.prefix(max(0, rows.count - offset)).suffix(region.height)
    // Newest at the bottom: a short conversation starts below the title's blank rows.
    var row = region.row + region.height - shown.count
    for cells in shown {
      var column = region.column
      for cell in cells {
        guard let character = cell.character else { continue }
        column = grid.write(
          String(character), row: row, column: column, limit: region.column + region.width,
          style: cell.style)
      }
      row += 1
    }
    if offset > 0 {
      let arrived = view.arrivedBelow[activeKey] ?? 0
      let marker =
        arrived > 0
        ? " -- \(arrived) more below (PgDn) -- " : " -- scrolled back (PgDn) -- "
      let last = region.row + region.height - 1
      grid.fill(row: last, from: region.column, to: region.column + region.width)
      grid.write(
        marker, row: last, column: region.column, limit: region.column + region.width,
        style: .bar)
    }
  }

  private func paintBufferList(_ region: ScreenLayout.Region, into grid: inout ScreenGrid) {
    let separator = region.column + region.width - 1
    for row in region.row..<region.row + region.height {
      grid.write("│", row: row, column: separator, style: .dim)
    }
    let count = state.conversations.count
    // Scrolled so that the active conversation is always listed.
    let first = max(0, min(state.conversations.activeIndex - region.height + 1, count))
    for (row, index) in zip(region.row..<region.row + region.height, first..<count) {
      let conversation = state.conversations[index]
      var text = "\(index + 1).\(Sanitizer.sanitize(conversation.name.text))"
      if conversation.unreadCount > 0 {
        text += " \(conversation.unreadCount)" + (conversation.mentionCount > 0 ? "!" : "")
      }
      let isActive = index == state.conversations.activeIndex
      let style: CellStyle =
        isActive
        ? .bar
        : conversation.mentionCount > 0
          ? CellStyle(foreground: 1, bold: true).forColor(color)
          : conversation.unreadCount > 0 ? CellStyle(bold: true) : .plain
      if isActive { grid.fill(row: row, from: region.column, to: separator, style: .bar) }
      grid.write(text, row: row, column: region.column, limit: separator, style: style)
    }
  }

  private func paintNickList(_ region: ScreenLayout.Region, into grid: inout ScreenGrid) {
    for row in region.row..<region.row + region.height {
      grid.write("│", row: row, column: region.column, style: .dim)
    }
    let rows = region.height
    // Only the members shown are sorted (`listed(first:)`): a channel of thousands costs a
    // screenful, not a sort of them all, each frame.
    let total = state.conversations.active.members?.count ?? 0
    let members = state.conversations.active.members?.listed(first: rows) ?? []
    for (offset, member) in members.enumerated() {
      if offset == rows - 1, total > rows {
        grid.write(
          "+\(total - rows + 1) more", row: region.row + offset,
          column: region.column + 1, style: .dim)
        break
      }
      // The highest prefix first (`@alice`, as /names and other clients show it), then the
      // nick in its colour, dim while away.
      var column = region.column + 1
      if let prefix = member.highestPrefix {
        column = grid.write(
          Sanitizer.sanitize(String(prefix)), row: region.row + offset, column: column,
          style: .plain)
      }
      grid.write(
        Sanitizer.sanitize(member.nick), row: region.row + offset, column: column,
        style: member.awayMessage == nil
          ? CellStyle(ANSIStyle.color(forSender: member.nick))
            .forColor(color) : .dim)
    }
  }

  private func paintStatus(into grid: inout ScreenGrid) {
    var status = " [" + Sanitizer.sanitize(state.localName) + "]"
    status += " [" + Sanitizer.sanitize(state.conversations[0].name.text) + ": "
    status += state.sessionStatus.rawValue
    if let lag = state.link?.lagMilliseconds { status += ", lag \(lag) ms" }
    status += "]"
    if state.inFlightCount > 0 { status += " [\(state.inFlightCount) sending]" }
    let active = state.conversations.indices.filter { state.conversations[$0].unreadCount > 0 }
    if !active.isEmpty {
      status +=
        " [Act: "
        + active.map { index in
          "\(index + 1)" + (state.conversations[index].mentionCount > 0 ? "!" : "")
        }.joined(separator: ",") + "]"
    }
    if let typing = TypingText.words(for: state) { status += " [" + typing + "]" }
    if let search = view.search { status += " [search: " + Sanitizer.sanitize(search) + "]" }
    bar(status, row: layout.statusRow, into: &grid)
  }

  private func paintInput(_ input: InputRow, into grid: inout ScreenGrid) -> (row: Int, column: Int)
  {
    InputRowPainter.paint(input, prompt: prompt, into: &grid)
  }

  /// The input row's prompt: the active conversation's name.
  var prompt: String { "[" + Sanitizer.sanitize(state.conversations.activeName.text) + "] " }

  /// A full-width row in the bar style, starting with `text`; returns the column after it.
  @discardableResult
  private func bar(_ text: String, row: Int, into grid: inout ScreenGrid) -> Int {
    grid.fill(row: row, from: 0, to: layout.width, style: barStyle)
    return grid.write(text, row: row, column: 0, style: barStyle)
  }

  /// The title and status rows' look.
  private var barStyle: CellStyle { color ? CellStyle(foreground: 15, reverse: true) : .bar }
}

extension CellStyle {
  /// This style, without its colour unless `color`.
  func forColor(_ color: Bool) -> CellStyle { color ? self : withoutColor }
}
