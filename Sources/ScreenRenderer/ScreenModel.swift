import ChatCore
import ChatRendering

/// What the full-screen renderer knows beyond the state, and how it draws a frame: the
/// journal of events and notices per conversation, the view (scrolling, side lists, search),
/// and what it saw last. Pure: the terminal renderer and the snapshot renderer both keep one.
///
/// `note` is O(what changed) per action (the per-message path of a flood); `paint` is the
/// frame's cost (see `ScreenPainter`), paid at most once per frame by the terminal renderer.
public struct ScreenModel {
  /// The user's changes to the view.
  public var view = ScreenView()
  private var journal = ScreenJournal()
  private var tracker = ChangeTracker()
  private var news = StatusNews()
  private let color: Bool
  private let utcOffsetSeconds: Int64
  /// The message pane's width at the last paint, to count the rows of what arrives.
  private var paneWidth = 80
  /// The input row's prompt at the last paint, for `paintInput`.
  private var prompt = ""

  /// Creates the model; styles carry colour only with `color`.
  public init(color: Bool, utcOffsetSeconds: Int64) {
    self.color = color
    self.utcOffsetSeconds = utcOffsetSeconds
  }

  /// Takes the state a run starts in as seen.
  public mutating func start(_ state: AppState) {
    _ = tracker.changes(in: state)
  }

  /// Notes what changed in `state` since the last call; returns whether anything did.
  @discardableResult
  public mutating func note(_ state: AppState) -> Bool {
    let changes = tracker.changes(in: state)
    guard !changes.isEmpty else { return false }
    let rules = state.nameRules
    if let status = changes.status, let words = news.words(for: status) {
      journal.add(
        .init(
          afterMessage: state.messageCount - changes.enteredCount, time: state.sessionStatusTime,
          kind: .notice("-!- " + words)),
        key: rules.key(for: state.conversations[0].name.text))
    }
    for event in EventText.shown(changes, in: state) {
      let key = rules.key(for: event.conversation.text)
      let words = EventText.words(for: event, rules: rules, markup: state.textMarkup)
      let afterMessage = state.messageCount - changes.enteredCount
      switch event.change {
      case .activated: continue  // The buffer list and the title say so.
      case .reacted(let reaction, _) where reaction.target.isFound:
        continue  // Counted on the message it reacts to.
      case .opened: journal.forget(key: key)
      case .kicked(nil, _, _):
        // The channel closes with it and leaves the screen: where you are now says so too.
        journal.add(
          .init(
            afterMessage: afterMessage, time: event.time,
            kind: .event(Sanitizer.sanitize(event.conversation.text) + ": " + words)),
          key: rules.key(for: state.conversations.activeName.text))
      case .closed, .invited, .kicked, .memberAwayChanged, .memberChanged, .memberJoined,
        .memberLeft, .memberQuit,
        .memberRenamed, .membersListed, .modesChanged, .netjoin, .netsplit, .reacted, .read,
        .topicChanged, .typing:
        break
      case .renamed(let old, _):
        // The conversation keeps what it showed, under its new name.
        journal.move(from: rules.key(for: old), to: key)
      }
      let kind: ScreenJournal.Line.Kind =
        if let topic = EventText.topic(of: event) {
          .topic(lead: "-- " + topic.lead, text: topic.text, markup: state.textMarkup)
        } else {
          .event(words)
        }
      journal.add(.init(afterMessage: afterMessage, time: event.time, kind: kind), key: key)
    }
    if changes.enteredCount > 0 {
      placeEarlierHistory(changes, in: state)
      keepScrolledViews(changes, in: state)
    }
    for failure in changes.failed(in: state) {
      let message = failure.message
      journal.add(
        .init(
          afterMessage: state.messageCount, time: message.time,
          kind: .failed(
            text: Sanitizer.sanitize(message.text, markup: message.markup),
            reason: Sanitizer.sanitize(failure.reason))),
        key: rules.key(for: message.conversation.text))
    }
    return true
  }

  /// Adds `notice` to the active conversation (what the session said, to its own).
  /// `/search TEXT` is no line: it sets the view's search (`/search` alone ends it).
  public mutating func show(_ notice: Notice, in state: AppState) {
    if case .search(let text) = notice {
      view.search = text.flatMap { $0.isEmpty ? nil : $0 }
      return
    }
    var conversation = state.conversations.activeName
    var time: Timestamp?
    let text: String
    if case .topic(let name, .some(let topic)) = notice {
      // `/topic`: the topic reads as a message's text does, as the topic line of a join.
      journal.add(
        .init(
          afterMessage: state.messageCount, time: nil,
          kind: .topic(
            lead: NoticeFormatter.topicLead(name), text: topic, markup: state.textMarkup)),
        key: state.nameRules.key(for: conversation.text))
      return
    }
    if case .session(let said, let when) = notice {
      conversation = state.conversations[0].name
      time = when
      text = "-!- " + Sanitizer.sanitize(said.description)
    } else {
      text = NoticeFormatter.text(of: notice, markup: state.textMarkup)
    }
    let key = state.nameRules.key(for: conversation.text)
    for line in text.split(separator: "\n") {
      journal.add(
        .init(afterMessage: state.messageCount, time: time, kind: .notice(String(line))), key: key)
    }
  }

  /// The layout of a terminal of `width` × `height` for `state`.
  public func layout(for state: AppState, width: Int, height: Int) -> ScreenLayout {
    ScreenLayout(
      width: width, height: height, showsBufferList: view.showsBufferList,
      showsNickList: view.showsNickList && state.conversations.active.members != nil)
  }

  /// Draws `state` on a grid of `width` × `height` with `input` typed; returns the grid and
  /// where the cursor goes.
  public mutating func paint(
    _ state: AppState, width: Int, height: Int, input: InputRow = InputRow()
  ) -> (grid: ScreenGrid, cursor: (row: Int, column: Int)) {
    let layout = layout(for: state, width: width, height: height)
    paneWidth = max(1, layout.messages.width)
    var grid = ScreenGrid(width: layout.width, height: layout.height)
    let painter = painter(state, layout)
    prompt = painter.prompt
    let cursor = painter.paint(input, into: &grid)
    return (grid, cursor)
  }

  /// Draws `input` over the input row of `grid` (a frame `paint` made), with the prompt of
  /// that frame: a key's echo, which needs no state.
  public func paintInput(_ input: InputRow, into grid: inout ScreenGrid) -> (row: Int, column: Int)
  {
    InputRowPainter.paint(input, prompt: prompt, into: &grid)
  }

  /// Scrolls the active conversation by `pages` screens of its pane (up is positive), never
  /// past its oldest row still kept nor below its newest; returns whether scrolling up left the
  /// view at that oldest row.
  @discardableResult
  public mutating func scroll(pages: Int, in state: AppState, width: Int, height: Int) -> Bool {
    let layout = layout(for: state, width: width, height: height)
    paneWidth = max(1, layout.messages.width)
    let page = max(1, layout.messages.height - 1)
    let painter = painter(state, layout)
    let key = painter.activeKey
    let wanted = max(0, view.offset(key: key) + pages * page)
    let (rows, reachedTop) = painter.rows(need: wanted + layout.messages.height)
    let limit = max(0, rows.count - layout.messages.height)
    view.scroll(key: key, by: pages * page, limit: limit)
    return pages > 0 && reachedTop && view.offset(key: key) >= limit
  }

  /// What a key of the view does on a terminal of `width` × `height`: PgUp and PgDn scroll
  /// (PgUp that leaves the view at the oldest row held says so), the toggles show or hide a
  /// list. A switching key types its command instead (the runtime's), so it changes nothing
  /// here.
  @discardableResult
  public mutating func press(
    _ key: ScreenKey, in state: AppState, width: Int, height: Int
  ) -> ScreenKey.Outcome {
    switch key {
    case .pageUp:
      guard scroll(pages: 1, in: state, width: width, height: height) else { return .done }
      let active = state.conversations.activeName
      journal.earlier.expectOlder(key: state.nameRules.key(for: active.text)) {
        Self.oldestTime(of: active, before: state.messageCount + 1, in: state)
      }
      return .reachedOldest
    case .pageDown: scroll(pages: -1, in: state, width: width, height: height)
    case .toggleBufferList: view.showsBufferList.toggle()
    case .toggleNickList: view.showsNickList.toggle()
    case .window, .nextWindow, .previousWindow, .nextActivity: break
    }
    return .done
  }

  private func painter(_ state: AppState, _ layout: ScreenLayout) -> ScreenPainter {
    ScreenPainter(
      state: state, layout: layout, view: view, journal: journal, color: color,
      utcOffsetSeconds: utcOffsetSeconds)
  }

  /// History older than what its conversation shows goes above it (`EarlierHistory`). Only
  /// history is looked at: a flood of live messages costs a flag read each.
  private mutating func placeEarlierHistory(_ changes: Changes, in state: AppState) {
    let firstEntered = state.messageCount - changes.enteredCount + 1
    let firstPosition = state.messages.count - changes.enteredCount
    for position in firstPosition..<state.messages.count where state.messages[position].isHistory {
      let message = state.messages[position]
      let key = state.nameRules.key(for: message.conversation.text)
      journal.earlier.place(
        time: message.time, number: firstEntered + position - firstPosition,
        firstKept: state.messageCount - state.messages.count + 1, key: key
      ) {
        Self.oldestTime(of: message.conversation, before: firstEntered, in: state)
      }
    }
  }

  /// The oldest time among the messages of `conversation` numbered below `number`. O(its
  /// scrollback), asked once per conversation.
  private static func oldestTime(
    of conversation: ConversationName, before number: Int, in state: AppState
  ) -> Timestamp? {
    guard let index = state.conversations.index(of: conversation) else { return nil }
    let firstKept = state.messageCount - state.messages.count + 1
    var oldest: Timestamp?
    for kept in state.conversations[index].messageNumbers where kept >= firstKept && kept < number {
      let time = state.messages[kept - firstKept].time
      if oldest.map({ time < $0 }) ?? true { oldest = time }
    }
    return oldest
  }

  /// Messages arrived: a conversation scrolled back keeps its rows where they are, and
  /// counts what came below them (history placed above comes below nothing).
  private mutating func keepScrolledViews(_ changes: Changes, in state: AppState) {
    guard !view.offsets.isEmpty else { return }
    let pane = PaneRows(
      width: paneWidth, color: color, utcOffsetSeconds: utcOffsetSeconds, search: nil)
    let firstEntered = state.messageCount - changes.enteredCount + 1
    for (offset, message) in changes.entered(in: state).enumerated() {
      let key = state.nameRules.key(for: message.conversation.text)
      guard view.offset(key: key) > 0 else { continue }
      if journal.earlier.shelf(key: key)?.numbers.contains(firstEntered + offset) == true {
        continue
      }
      view.arrived(key: key, rows: pane.rows(for: message).count, messages: 1)
    }
  }
}
