import ChatCore
import ChatRendering
import ChatRuntime
import ChatSession
import Foundation
import Glibc
import Testing

/// A clock that stands still until a renderer moves it: time that passes while the loop
/// draws, as a terminal's redraw takes a millisecond or two.
private final class DrawingClock: Clock {
  var now = Timestamp.virtualEpoch
}

/// A renderer whose every drawing takes `milliseconds` of `clock`.
private final class SlowRenderer: Renderer {
  let clock: DrawingClock
  let milliseconds: Int64

  init(clock: DrawingClock, milliseconds: Int64) {
    self.clock = clock
    self.milliseconds = milliseconds
  }

  private func draw() { clock.now = clock.now.advanced(byMilliseconds: milliseconds) }
  func start(_ state: AppState) throws(SinkError) { draw() }
  func render(_ state: AppState) throws(SinkError) { draw() }
  func show(_ notice: Notice, in state: AppState) throws(SinkError) { draw() }
  func flush() throws(SinkError) {}
  func finish(_ state: AppState) throws(SinkError) {}
}

/// A session that connects at once, notes the moment it is handed each message, and echoes
/// it at once; `scheduled` events come at their times.
private final class NotingSession: Session {
  private(set) var handed: [(typed: Timestamp, sent: Timestamp)] = []
  private var events: [(due: Timestamp, event: Action.Session)] = []
  private let scheduled: [(due: Timestamp, event: Action.Session)]

  init(scheduled: [(due: Timestamp, event: Action.Session)] = []) {
    self.scheduled = scheduled
  }

  func connect(at now: Timestamp) {
    events.append((now, .connected(time: now)))
    for event in scheduled { add(event) }
  }

  func send(_ message: Message, at now: Timestamp) {
    handed.append((message.time, now))
    add((now, .echoed(message)))
  }

  private func add(_ event: (due: Timestamp, event: Action.Session)) {
    events.insert(event, at: events.firstIndex { $0.due > event.due } ?? events.count)
  }

  var nextDeadline: Timestamp? { events.first?.due }

  func nextEvent(dueBy now: Timestamp) -> Action.Session? {
    guard let first = events.first, first.due <= now else { return nil }
    events.removeFirst()
    return first.event
  }

  var watchedDescriptors: [WatchedDescriptor] { [] }
  func handle(_ readiness: Readiness, on descriptor: Int32, at now: Timestamp) {}
  var isExpectingEvents: Bool { false }
}

@Suite(.timeLimit(.minutes(10))) struct ActionMomentTests {
  /// The session is handed a typed line at the moment the line was typed (which is when
  /// `--record` says it was), however long drawing it took: a replay, whose clock does not
  /// move while it draws, hands it over at that moment too, so what the session stamps then
  /// (a long line's "goes out in N parts") is the same live and replayed.
  @Test func aTypedLineIsHandedToTheSessionAtTheMomentItWasTyped() throws {
    let descriptor = pipeHolding("one\ntwo\n")
    defer { close(descriptor) }
    let clock = DrawingClock()
    let session = NotingSession()
    let runtime = Runtime(
      state: AppState(), session: session, clock: clock,
      ids: SeededUUIDGenerator(seed: 1, stream: 1),
      renderers: [SlowRenderer(clock: clock, milliseconds: 2)])
    #expect(try runtime.run(FileInput(descriptor: descriptor)) == .completed)
    #expect(session.handed.count == 2)
    for (typed, sent) in session.handed {
      #expect(sent == typed, "typed at \(typed), handed over at \(sent)")
    }
    #expect(clock.now > Timestamp.virtualEpoch, "drawing took time")
  }

  /// A step is taken after what fell due by its moment, as on the virtual clock and so in a
  /// replay: two lines read at once, the second typed after drawing the first took the clock
  /// past a message due in between, go first line, message, second line.
  @Test func whatFellDueWhileALineWasDrawnGoesBeforeTheNextLine() throws {
    let descriptor = pipeHolding("a\nb\n")
    defer { close(descriptor) }
    let clock = DrawingClock()
    let message = Message(
      id: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!, sender: "Bob", text: "hi",
      time: Timestamp.virtualEpoch.advanced(byMilliseconds: 5))
    let session = NotingSession(scheduled: [(message.time, .received(message))])
    let runtime = Runtime(
      state: AppState(), session: session, clock: clock,
      ids: SeededUUIDGenerator(seed: 1, stream: 1),
      renderers: [SlowRenderer(clock: clock, milliseconds: 2)])
    let watcher = OrderWatcher()
    runtime.observer = watcher
    #expect(try runtime.run(FileInput(descriptor: descriptor)) == .completed)
    #expect(
      watcher.seen.prefix(4) == ["typed a at 4", "echoed a", "received hi", "typed b at 10"],
      "\(watcher.seen)")
  }
}

/// Writes down the lines typed, with their moments, and the messages the session reports.
private final class OrderWatcher: LoopObserver {
  var seen: [String] = []

  func loop(takes step: [InputEvent], at now: Timestamp, overtaking waiting: Int)
    throws(SinkError)
  {
    for case .line(let text) in step {
      seen.append("typed \(text) at \(Timestamp.virtualEpoch.milliseconds(to: now))")
    }
  }

  func loop(dispatches action: Action) {
    switch action {
    case .session(.echoed(let message)): seen.append("echoed \(message.text)")
    case .session(.received(let message, _)): seen.append("received \(message.text)")
    case .session, .system, .user: break
    }
  }

  func loop(relays report: LinkReport) throws(SinkError) {}
}
