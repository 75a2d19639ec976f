@preconcurrency import CReadline
import ChatCore
import ChatRendering
import Glibc
import ScreenRenderer

/// The full-screen renderer on the terminal: a `ScreenModel` drawn into a grid, and each
/// frame written as the difference from the last (`FrameWriter`), in one write.
///
/// Rendering an action only notes what changed (O(the change)); frames are drawn when the
/// loop comes round to the input (`drawIfDue`), at most one every `frameNanoseconds`
/// however many actions came between, so a flood costs a frame per 16 ms, not one per
/// message. A key's echo redraws the input row at once, from the last frame, without the
/// state. The state is never kept between calls: holding it would make the loop's next change
/// copy its storage.
final class ScreenTerminal: Renderer {
  /// The shortest time between two frames: one frame of a 60 Hz display.
  static let frameNanoseconds: UInt64 = 16_000_000

  private var model: ScreenModel
  let strings: TerminfoStrings
  private let writer: FrameWriter
  private let editor: ScreenEditor
  /// What the terminal shows now; nil when unknown (the first frame, after a resize or a stop).
  private var shown: ScreenGrid?
  private var isDirty = true
  private var lastFrame: UInt64 = 0
  private(set) var width = 80
  private(set) var height = 24
  private var output: [UInt8] = []
  /// Tab's candidates as the last frame listed them.
  private var framedCandidates: [String] = []

  init(editor: ScreenEditor, color: Bool, utcOffsetSeconds: Int64) {
    model = ScreenModel(color: color, utcOffsetSeconds: utcOffsetSeconds)
    strings = TerminfoStrings()
    writer = FrameWriter(strings: strings)
    self.editor = editor
    readSize()
  }

  /// The view (scrolling, side lists, search), which the keys change.
  var view: ScreenView {
    get { model.view }
    set {
      model.view = newValue
      isDirty = true
    }
  }

  func start(_ state: AppState) throws(SinkError) {
    model.start(state)
    draw(state)
  }

  func render(_ state: AppState) throws(SinkError) {
    if model.note(state) { isDirty = true }
  }

  func show(_ notice: Notice, in state: AppState) throws(SinkError) {
    model.note(state)
    model.show(notice, in: state)
    isDirty = true
  }

  func flush() throws(SinkError) {}

  func finish(_ state: AppState) throws(SinkError) {
    model.note(state)
  }

  /// Draws a frame of `state` if something changed and the last frame is old enough; else
  /// returns how many nanoseconds until one may be drawn (nil: none is waiting).
  func drawIfDue(_ state: AppState) -> UInt64? {
    guard isDirty else { return nil }
    let now = Self.monotonicNanoseconds()
    if shown != nil, now &- lastFrame < Self.frameNanoseconds {
      return Self.frameNanoseconds - (now &- lastFrame)
    }
    draw(state)
    return nil
  }

  /// Draws a frame of `state` now.
  func draw(_ state: AppState) {
    let input = editor.input
    framedCandidates = input.candidates
    let (grid, cursor) = model.paint(state, width: width, height: height, input: input)
    present(grid, cursor: cursor)
    isDirty = false
    lastFrame = Self.monotonicNanoseconds()
  }

  func press(_ key: ScreenKey, in state: AppState) throws(SinkError) -> ScreenKey.Outcome {
    model.note(state)
    isDirty = true
    return model.press(key, in: state, width: width, height: height)
  }

  /// Readline's redisplay: the input row drawn again over the last frame.
  /// Tab's candidates listed or gone, which are drawn over the pane, wait for the next
  /// frame.
  func drawInput() {
    guard var grid = shown else { return }
    let input = editor.input
    if input.candidates != framedCandidates { isDirty = true }
    let cursor = model.paintInput(input, into: &grid)
    present(grid, cursor: cursor)
  }

  /// The terminal changed size, or shows something else (Ctrl-L, back from Ctrl-Z): the next
  /// frame clears it and draws everything.
  func invalidate() {
    readSize()
    shown = nil
    isDirty = true
  }

  /// Writes `bytes` to the terminal, after whatever readline has buffered.
  func write(_ bytes: [UInt8]) {
    fflush(chat_stdout())
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { buffer in
        Glibc.write(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
      }
      if written > 0 {
        offset += written
      } else if written < 0, errno == EINTR || errno == EAGAIN {
        continue
      } else {
        return  // The terminal is gone; the input's end will follow.
      }
    }
  }

  private func present(_ grid: ScreenGrid, cursor: (row: Int, column: Int)) {
    output.removeAll(keepingCapacity: true)
    writer.frame(from: shown, to: grid, cursor: cursor, into: &output)
    write(output)
    shown = grid
  }

  private func readSize() {
    var size = winsize()
    if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 {
      width = Int(size.ws_col)
      height = Int(size.ws_row)
    }
  }

  private static func monotonicNanoseconds() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
  }
}
