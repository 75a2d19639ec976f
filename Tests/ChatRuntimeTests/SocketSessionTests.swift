import ChatCore
import ChatRendering
import ChatRuntime
import ChatSession
import FoundationEssentials
import Glibc
import LogRenderer
import Synchronization
import Testing

/// Calls `body` with the state after every action: lets a test watch a run from inside.
private final class Watcher: Renderer {
  let body: (AppState) -> Void
  init(_ body: @escaping (AppState) -> Void) { self.body = body }
  func start(_ state: AppState) throws(SinkError) {}
  func render(_ state: AppState) throws(SinkError) { body(state) }
  func show(_ notice: Notice, in state: AppState) throws(SinkError) {}
  func flush() throws(SinkError) {}
  func finish(_ state: AppState) throws(SinkError) {}
}

/// A pipe for the user's input: the loop reads one end, the test writes the other.
private func inputPipe() -> (read: Int32, write: Int32) {
  var ends: [Int32] = [-1, -1]
  precondition(pipe(&ends) == 0)
  return (ends[0], ends[1])
}

/// The log's lines without their times.
private func texts(_ log: MemorySink) -> [Substring] {
  log.text.split(separator: "\n").map { $0.dropFirst(13) }
}

/// A session over a real socket joins the loop: the test drives the other end from a thread
/// of its own while the loop also reads live input.
@Suite(.timeLimit(.minutes(10))) struct SocketSessionTests {
  private func runtime(_ session: SocketSession, renderers: [any Renderer]) -> Runtime {
    var state = AppState()
    state.deliveryTimeoutMilliseconds = 30_000  // The megabyte takes seconds to go through.
    return Runtime(
      state: state, session: session, clock: LiveClock(),
      ids: SeededUUIDGenerator(seed: 1, stream: 1), renderers: renderers)
  }

  @Test func messagesFlowBothWaysWhileTheInputIsLive() throws {
    let (sessionEnd, peerEnd) = socketPair()
    let input = inputPipe()
    writeAll(input.write, "one\n")
    let peer = PeerThread {
      var end = PeerEnd(socket: peerEnd)
      defer { close(input.write) }
      guard let first = end.readLine(), first.hasPrefix("MSG ") else { return }
      end.write("ECHO \(first.split(separator: " ")[1])\n")
      end.write("FROM \(UUID().uuidString) Bob hi there\n")
      writeAll(input.write, "two\n")  // Typed once the peer has spoken: the input is live.
      guard let second = end.readLine(), second.hasSuffix(" two") else { return }
      end.write("ECHO \(second.split(separator: " ")[1])\n")
    }
    defer {
      _ = peer.join(within: 30)
      close(peerEnd)
      close(input.read)
    }
    let log = MemorySink()
    let session = SocketSession(socket: sessionEnd)
    let runtime = runtime(session, renderers: [StreamRenderer(LogFormatter(), sink: log)])
    #expect(try runtime.run(FileInput(descriptor: input.read)) == .completed)
    #expect(peer.join(within: 30))
    #expect(texts(log) == ["PersonA: one", "Bob: hi there", "PersonA: two"], "\(log.text)")
    // A network session expects nothing once the echoes are in: the run ends without a reply.
    #expect(runtime.state.phase == .finished)
  }

  @Test func aMegabyteToASlowReaderNeverStopsTheInput() throws {
    let (sessionEnd, peerEnd) = socketPair()
    var small: Int32 = 4096
    setsockopt(sessionEnd, SOL_SOCKET, SO_SNDBUF, &small, socklen_t(MemoryLayout<Int32>.size))
    let input = inputPipe()
    let big = String(repeating: "x", count: 1 << 20)
    let progress = PeerProgress()
    let arrivedWhole = Atomic<Bool>(false)
    let peer = PeerThread {
      var end = PeerEnd(socket: peerEnd, progress: progress)
      // 4 KiB every 20 ms: the megabyte takes over five seconds to read, time enough for a
      // loaded machine (the full tier on 2 cores) to take the line typed meanwhile.
      guard let first = end.readLine(chunk: 4096, pause: 20_000) else { return }
      let parts = first.split(separator: " ", maxSplits: 2)
      arrivedWhole.store(parts.count == 3 && parts[2] == big, ordering: .relaxed)
      end.write("ECHO \(parts[1])\n")
      guard let second = end.readLine() else { return }
      end.write("ECHO \(second.split(separator: " ")[1])\n")
    }
    let typist = PeerThread {
      defer { close(input.write) }
      writeAll(input.write, big + "\n")
      // Wait (bounded) until a quarter of the megabyte is through, then type another line.
      let deadline = monotonicSeconds() + 30
      while progress.bytesRead.load(ordering: .relaxed) < 1 << 18, monotonicSeconds() < deadline {
        usleep(1000)
      }
      writeAll(input.write, "typed meanwhile\n")
    }
    defer {
      _ = typist.join(within: 30)
      _ = peer.join(within: 30)
      close(peerEnd)
      close(input.read)
    }
    let log = MemorySink()
    var readWhenTypedLineWasSent: Int?
    let watcher = Watcher { state in
      if state.sentCount == 2, readWhenTypedLineWasSent == nil {
        readWhenTypedLineWasSent = progress.bytesRead.load(ordering: .relaxed)
      }
    }
    let session = SocketSession(socket: sessionEnd)
    let runtime = runtime(session, renderers: [StreamRenderer(LogFormatter(), sink: log), watcher])
    #expect(try runtime.run(FileInput(descriptor: input.read)) == .completed)
    #expect(peer.join(within: 30) && typist.join(within: 30))
    let whole = arrivedWhole.load(ordering: .relaxed)
    #expect(whole, "the megabyte arrived whole")
    #expect(
      texts(log).map { $0.count } == ["PersonA: ".count + big.count, 24],
      "both echoed: \(texts(log).map { $0.prefix(40) })")
    // The line typed meanwhile was sent while most of the megabyte was still on its way.
    let read = try #require(readWhenTypedLineWasSent)
    #expect(read < (1 << 20) - (1 << 17), "sent after \(read) bytes had been read")
  }

  @Test func theOtherEndClosingIsReportedAsDisconnected() throws {
    let (sessionEnd, peerEnd) = socketPair()
    let input = inputPipe()
    writeAll(input.write, "one\n")
    let peer = PeerThread {
      var end = PeerEnd(socket: peerEnd)
      defer { close(peerEnd) }
      guard let first = end.readLine() else { return }
      end.write("ECHO \(first.split(separator: " ")[1])\n")
    }
    defer { _ = peer.join(within: 30) }
    let log = MemorySink()
    var inputOpen = true
    // Once the loop has reported the lost connection, the user closes the input.
    let watcher = Watcher { state in
      if state.sessionStatus == .disconnected, state.sessionStatusTime != nil, inputOpen {
        inputOpen = false
        close(input.write)
      }
    }
    let session = SocketSession(socket: sessionEnd)
    let runtime = runtime(session, renderers: [StreamRenderer(LogFormatter(), sink: log), watcher])
    #expect(try runtime.run(FileInput(descriptor: input.read)) == .completed)
    close(input.read)
    #expect(texts(log) == ["PersonA: one", "* disconnected"], "\(log.text)")
    #expect(runtime.state.sessionStatus == .disconnected)
    #expect(session.readinessCount < 10, "the closed socket is not watched: no spin")
  }
}
