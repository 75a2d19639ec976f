import ChatCore
import ChatIRC
import ChatIRCSession
import ChatRendering
import JSONLinesRenderer

/// `chat-bench irc [lines]`: recorded server lines of a busy channel through the protocol
/// client (`IRCClient`: line buffer, parsing, dispatch), the session's mapping to the core's
/// actions (`IRCSession`), `update` and the JSON-lines renderer, in process: no socket, no
/// terminal, the output counted rather than written.
enum IRCPipelineBenchmark {
  /// The recording is fed in reads of this size, as a busy socket would deliver it.
  static let readSize = 16 * 1024

  static func run(lines: Int) {
    let recording = RecordedChannel(lines: lines, members: 500).bytes()
    print(
      "chat-bench irc: \(lines) recorded lines of one busy channel (\(recording.count / 1024) KiB,"
        + " 500 members) through IRCClient, IRCSession's mapping, update and JSON lines;"
        + " best of 5\n")
    var outcome = Outcome()
    let seconds = Stopwatch.best(of: 5) { outcome = feed(recording) }
    Report.line(
      "server lines -> JSON lines, in process", Report.rate(lines, seconds) + " lines")
    Report.line("per line", "\(Report.fixed(seconds / Double(lines) * 1e6, 2)) µs")
    Report.line(
      "messages shown / JSON bytes written",
      "\(outcome.messages) / \(outcome.bytes / 1024) KiB; \(outcome.members) members at the end")
  }

  struct Outcome {
    var messages = 0
    var bytes = 0
    var members = 0
  }

  /// One pass over the recording; the figures checked so that nothing is optimised away.
  @discardableResult
  static func feed(_ recording: [UInt8]) -> Outcome {
    let session = IRCSession(
      configuration: IRCSessionConfiguration(
        host: "127.0.0.1", port: 6667,
        client: IRCClient.Configuration(
          nick: RecordedChannel.nick, channels: [RecordedChannel.channel])))
    var state = AppState(localName: RecordedChannel.nick)
    let sink = CountingSink()
    let renderer = StreamRenderer(JSONLinesFormatter(), sink: sink)
    try? renderer.start(state)
    let now = Timestamp.virtualEpoch
    var offset = 0
    while offset < recording.count {
      let end = min(offset + readSize, recording.count)
      session.receive(recorded: recording[offset..<end], at: now)
      offset = end
      while let event = session.nextEvent(dueBy: now) {
        for effect in update(&state, .session(event)) {
          if case .show(let notice) = effect { try? renderer.show(notice, in: state) }
        }
        try? renderer.render(state)
      }
    }
    try? renderer.finish(state)
    let channel = state.conversations.index(of: ConversationName(RecordedChannel.channel))
    let members = channel.flatMap { state.conversations[$0].members?.count } ?? 0
    return Outcome(messages: state.messageCount, bytes: sink.bytes, members: members)
  }
}
