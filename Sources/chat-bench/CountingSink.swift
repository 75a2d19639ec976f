import ChatCore
import ChatRendering

/// A sink that only counts bytes: formatting cost without I/O.
final class CountingSink: TextSink {
  private(set) var bytes = 0
  func write(_ bytes: [UInt8]) throws(SinkError) { self.bytes += bytes.count }
  func flush() throws(SinkError) {}
}

/// A renderer that notes the monotonic time whenever another tenth of the expected messages
/// has entered the conversation, to compare the cost of early and late messages.
final class TenthsProbe: Renderer {
  private let tenth: Int
  private let clock = ContinuousClock()
  private(set) var marks: [ContinuousClock.Instant] = []

  init(expectedMessages: Int) {
    tenth = max(1, expectedMessages / 10)
  }

  func start(_ state: AppState) throws(SinkError) { marks = [clock.now] }
  func render(_ state: AppState) throws(SinkError) {
    if state.messageCount == tenth * marks.count { marks.append(clock.now) }
  }
  func show(_ notice: Notice, in state: AppState) throws(SinkError) {}
  func flush() throws(SinkError) {}
  func finish(_ state: AppState) throws(SinkError) {}

  /// Seconds spent on the first and the last tenth of the messages.
  var firstAndLastTenth: (Double, Double)? {
    guard marks.count >= 11 else { return nil }
    func seconds(_ duration: Duration) -> Double {
      Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }
    return (seconds(marks[1] - marks[0]), seconds(marks[10] - marks[9]))
  }
}
