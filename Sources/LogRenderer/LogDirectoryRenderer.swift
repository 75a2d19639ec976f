import ChatCore
import ChatRendering

/// `--log-dir`: the plain-text log split into one file per conversation, as irssi and WeeChat
/// log. Each file holds its conversation's lines as `LogFormatter` writes them, without the
/// conversation's name (the file names it); changes of the connection go to the session's own
/// conversation's file, and switching between conversations is not logged.
///
/// Files are opened when their conversation first has a line, through `open`, which is given a
/// file name from `LogFileName` (the caller decides the directory and the mode, and appends:
/// a conversation logged by earlier runs keeps its history). At most `openLimit` files are
/// open at once; the one opened longest ago is closed to make room and reopened if needed.
/// Per message: one dictionary lookup by the conversation's exact name, whatever the number
/// of conversations.
///
/// Each file's run is framed as irssi frames a log (`LogMarker`): `--- Log opened` before
/// its first line, `--- Day changed` before a line whose day (its own time's) differs from
/// the line before it in that file, and `--- Log closed` when the run finishes, in every
/// file the run wrote (one closed to make room is reopened for it). Formatters read no
/// clock, so the times are the lines' own: a log opens at its first line's time, and closes
/// at the time of the run's last line (on the virtual clock, virtual times: snapshots stay
/// reproducible). Closing a file to make room writes no marker: the log goes on.
public final class LogDirectoryRenderer: Renderer {
  /// Opens (appending, creating if needed) the file of that name for a conversation's log.
  public typealias Opener = (_ fileName: String) throws(SinkError) -> any TextSink

  /// The most log files open at once.
  public static let openLimit = 64

  private let open: Opener
  private let utcOffsetSeconds: Int64
  private var tracker = ChangeTracker()
  private var news = StatusNews()
  /// Each file name, by the exact conversation name that led to it.
  private var fileNames: [String: String] = [:]
  /// The case mapping `fileNames` were made with: the only rule a file name depends on.
  private var caseMapping: NameRules.CaseMapping?
  /// The open files, by file name, and the order they were opened in.
  private var sinks: [String: any TextSink] = [:]
  private var opened: [String] = []
  private var line: [UInt8] = []
  /// The files this run wrote to, by name: the day of the last line written to each.
  private var days: [String: Int64] = [:]
  /// The same files, in the order the run first wrote to them: the order they are closed.
  private var written: [String] = []
  /// The time of the latest line the run wrote: when the logs close.
  private var latest: Timestamp?

  /// Creates a renderer writing each conversation's log to what `open` opens.
  public init(utcOffsetSeconds: Int64 = 0, open: @escaping Opener) {
    self.utcOffsetSeconds = utcOffsetSeconds
    self.open = open
  }

  public func start(_ state: AppState) throws(SinkError) { _ = tracker.changes(in: state) }

  public func render(_ state: AppState) throws(SinkError) {
    let changes = tracker.changes(in: state)
    guard !changes.isEmpty else { return }
    if state.nameRules.caseMapping != caseMapping {
      caseMapping = state.nameRules.caseMapping
      fileNames.removeAll()
    }
    if let status = changes.status, let words = news.words(for: status),
      let time = state.sessionStatusTime
    {
      startLine(at: time)
      line.append(utf8: " * " + words + "\n")
      try write(to: state.conversations[0].name, at: time, state)
    }
    // Which conversation is active is the screen's business, not a conversation's history.
    for event in EventText.shown(changes, in: state) where event.change != .activated {
      if case .renamed(let old, _) = event.change {
        // A renamed channel keeps its file: the line saying so goes on in it.
        fileNames[event.conversation.text] =
          fileNames[old] ?? LogFileName.of(ConversationName(old), rules: state.nameRules)
      }
      startLine(at: event.time)
      line.append(
        utf8: " -- " + EventText.words(for: event, rules: state.nameRules, markup: state.textMarkup)
          + "\n")
      try write(to: event.conversation, at: event.time, state)
    }
    for message in changes.entered(in: state) {
      startLine(at: message.time)
      LogMessageText.append(message, to: &line)
      line.append(UInt8(ascii: "\n"))
      try write(to: message.conversation, at: message.time, state)
    }
    // The notice that says why goes to the session's own file, with the other notices: the
    // line in the message's own file says why too, so its history is whole.
    for failure in changes.failed(in: state) {
      let message = failure.message
      startLine(at: message.time)
      line.append(utf8: " ! not delivered: ")
      LogMessageText.appendText(of: message, to: &line)
      line.append(utf8: " (" + Sanitizer.sanitize(failure.reason) + ")\n")
      try write(to: message.conversation, at: message.time, state)
    }
  }

  /// What the session said goes with the changes of the connection, to the first
  /// conversation's file.
  public func show(_ notice: Notice, in state: AppState) throws(SinkError) {
    guard case .session(let said, let time) = notice else { return }
    startLine(at: time)
    line.append(utf8: " -!- " + Sanitizer.sanitize(said.description) + "\n")
    try write(to: state.conversations[0].name, at: time, state)
  }

  public func flush() throws(SinkError) {
    for sink in sinks.values { try sink.flush() }
  }

  public func finish(_ state: AppState) throws(SinkError) {
    try render(state)
    if let latest {
      let marker = Array(LogMarker.closed(at: latest, utcOffsetSeconds: utcOffsetSeconds).utf8)
      // The open files first: a closed one reopened for its marker closes another.
      let (open, closed) = (
        written.filter { sinks[$0] != nil }, written.filter { sinks[$0] == nil }
      )
      for fileName in open + closed { try sink(for: fileName).write(marker) }
    }
    try flush()
  }

  private func startLine(at time: Timestamp) {
    line.removeAll(keepingCapacity: true)
    TimeFormat.appendTimeOfDay(time, utcOffsetSeconds: utcOffsetSeconds, to: &line)
  }

  /// Writes `line`, a line of `time`, to the file of the conversation `name`, opening it if
  /// need be, after the marker that opens the file's log or says the day changed.
  private func write(to name: ConversationName, at time: Timestamp, _ state: AppState)
    throws(SinkError)
  {
    let fileName: String
    if let known = fileNames[name.text] {
      fileName = known
    } else {
      fileName = LogFileName.of(name, rules: state.nameRules)
      fileNames[name.text] = fileName
    }
    let sink = try sink(for: fileName)
    let day = LogMarker.day(of: time, utcOffsetSeconds: utcOffsetSeconds)
    if let last = days[fileName] {
      if last != day {
        try sink.write(
          Array(LogMarker.dayChanged(to: time, utcOffsetSeconds: utcOffsetSeconds).utf8))
        days[fileName] = day
      }
    } else {
      try sink.write(Array(LogMarker.opened(at: time, utcOffsetSeconds: utcOffsetSeconds).utf8))
      days[fileName] = day
      written.append(fileName)
    }
    try sink.write(line)
    if latest.map({ $0 < time }) ?? true { latest = time }
  }

  /// The open sink of `fileName`, opening it (and closing the one opened longest ago when
  /// `openLimit` are open) if need be.
  private func sink(for fileName: String) throws(SinkError) -> any TextSink {
    if let sink = sinks[fileName] { return sink }
    if opened.count >= Self.openLimit {
      let oldest = opened.removeFirst()
      try sinks.removeValue(forKey: oldest)?.flush()
    }
    let sink = try open(fileName)
    sinks[fileName] = sink
    opened.append(fileName)
    return sink
  }
}
