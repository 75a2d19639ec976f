import ChatCore
import ChatRendering
import LineRenderer

/// The interactive terminal: what `LineFormatter` makes, printed above readline's prompt.
///
/// Lines collect until the runtime calls `flush` (before every wait), then go out in one
/// redraw, so a burst of arrivals redraws the input once. The prompt shows the messages in
/// flight and, with more than one conversation open, the active one and the others' unread
/// counts; it is redrawn only when it changes. Switching changes only the prompt: the
/// transcript above it is one, and nothing is reprinted. With `bell`, each message that
/// mentions you rings the terminal's bell once (BEL, after its line): only here, never in a
/// piped format.
final class TerminalRenderer: Renderer {
  private var formatter: LineFormatter
  private let editor: LineEditor
  private let color: Bool
  private let bell: Bool
  private var tracker = ChangeTracker()
  private var pending: [UInt8] = []
  private var prompt = Prompt.plain
  private var activity = UnreadActivity()

  /// Creates a renderer drawing through `editor`.
  init(formatter: LineFormatter, editor: LineEditor, bell: Bool = true) {
    self.formatter = formatter
    self.editor = editor
    self.color = formatter.color
    self.bell = bell
  }

  func start(_ state: AppState) throws(SinkError) {
    _ = tracker.changes(in: state)
    formatter.formatStart(state, into: &pending)
    var row = RowWriter(width: nil, color: color)
    row.append(
      "Type a message and press Enter. /help lists commands; Ctrl-D leaves.", style: .dim,
      to: &pending)
    row.endLine(to: &pending)
    updatePrompt(state)
  }

  func render(_ state: AppState) throws(SinkError) {
    let changes = tracker.changes(in: state)
    if !changes.isEmpty {
      formatter.format(changes, in: state, into: &pending)
      activity.note(changes, in: state)
      if bell, changes.enteredCount > 0 {
        for message in changes.entered(in: state)
        where message.isMention && !message.isLocal && !message.isHistory {
          pending.append(0x07)
        }
      }
    }
    updatePrompt(state)
  }

  func show(_ notice: Notice, in state: AppState) throws(SinkError) {
    formatter.format(notice, in: state, into: &pending)
  }

  func flush() throws(SinkError) {
    editor.redraw(printing: pending, prompt: prompt)
    pending.removeAll(keepingCapacity: true)
  }

  func finish(_ state: AppState) throws(SinkError) {
    try render(state)
    formatter.formatEnd(state, into: &pending)
    editor.finish(printing: pending)
    pending.removeAll()
  }

  private func updatePrompt(_ state: AppState) {
    prompt = Prompt(for: state, activity: &activity, color: color)
  }
}
