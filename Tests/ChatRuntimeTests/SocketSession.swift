import ChatCore
import ChatSession
import FoundationEssentials
import Glibc

/// A session over a real stream socket, as a network transport would be, speaking a line
/// protocol with the test's other end: it sends `MSG <id> <text>`, and hears `ECHO <id>` for
/// a message that arrived and `FROM <id> <sender> <text>` for someone else's.
///
/// It never blocks: sends are queued and written as the socket takes them (write interest
/// only while bytes are queued); reads take what is there. The other end closing is reported
/// as `disconnected`, and the socket is then no longer watched. A class, so the test can look
/// at what it saw after the run.
final class SocketSession: Session {
  private let socket: Int32
  private let localName: String
  private var isOpen = true
  private var outgoing: [UInt8] = []
  private var written = 0
  private var incoming: [UInt8] = []
  private var events: [(due: Timestamp, event: Action.Session)] = []
  /// Messages sent and not yet echoed, by id: an echo names only the id.
  private var sent: [UUID: Message] = [:]
  /// How many times the loop handed the socket over as ready.
  private(set) var readinessCount = 0

  /// Takes over `socket`, which it makes non-blocking and closes when the peer does.
  init(socket: Int32, localName: String = "PersonA") {
    self.socket = socket
    self.localName = localName
    _ = fcntl(socket, F_SETFL, fcntl(socket, F_GETFL) | O_NONBLOCK)
  }

  deinit { if isOpen { close(socket) } }

  func connect(at now: Timestamp) {
    events.append((now, .connected(time: now)))
  }

  func send(_ message: Message, at now: Timestamp) {
    guard isOpen else {
      events.append((now, .deliveryFailed(ids: [message.id], reason: "closed", time: now)))
      return
    }
    sent[message.id] = message
    outgoing += Array("MSG \(message.id.uuidString) \(message.text)\n".utf8)
  }

  var nextDeadline: Timestamp? { events.first?.due }

  func nextEvent(dueBy now: Timestamp) -> Action.Session? {
    guard let first = events.first, first.due <= now else { return nil }
    return events.removeFirst().event
  }

  var watchedDescriptors: [WatchedDescriptor] {
    guard isOpen else { return [] }
    return [WatchedDescriptor(socket, wantsRead: true, wantsWrite: written < outgoing.count)]
  }

  func handle(_ readiness: Readiness, on descriptor: Int32, at now: Timestamp) {
    readinessCount += 1
    if readiness.contains(.writable) { writeQueued(at: now) }
    if isOpen, !readiness.isDisjoint(with: [.readable, .hungUp, .failed]) {
      readAvailable(at: now)
    }
  }

  /// Nothing is awaited once the echoes are in: the other side may never answer.
  var isExpectingEvents: Bool { false }

  private func writeQueued(at now: Timestamp) {
    while written < outgoing.count {
      let count = outgoing.withUnsafeBytes {
        Glibc.send(socket, $0.baseAddress! + written, $0.count - written, Int32(MSG_NOSIGNAL))
      }
      if count > 0 {
        written += count
      } else if count < 0, errno == EAGAIN || errno == EINTR {
        return  // Full: the loop says when it can take more.
      } else {
        return closed(at: now)
      }
    }
    outgoing.removeAll(keepingCapacity: true)
    written = 0
  }

  private func readAvailable(at now: Timestamp) {
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(socket, $0.baseAddress, $0.count) }
      if count > 0 {
        incoming += chunk[..<count]
      } else if count < 0, errno == EAGAIN || errno == EINTR {
        break
      } else {
        parseLines(at: now)
        return closed(at: now)
      }
    }
    parseLines(at: now)
  }

  private func parseLines(at now: Timestamp) {
    while let newline = incoming.firstIndex(of: 0x0A) {
      let line = String(decoding: incoming[..<newline], as: UTF8.self)
      incoming.removeSubrange(...newline)
      let parts = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
      switch (parts.first, parts.count) {
      case ("ECHO", 2):
        guard let id = UUID(uuidString: String(parts[1])), var message = sent[id] else { continue }
        sent[id] = nil
        message.time = now
        message.isLocal = false  // As a real transport's echo would be; the core marks it.
        events.append((now, .echoed(message)))
      case ("FROM", 4):
        guard let id = UUID(uuidString: String(parts[1])) else { continue }
        let message = Message(id: id, sender: String(parts[2]), text: String(parts[3]), time: now)
        events.append((now, .received(message)))
      default:
        continue
      }
    }
  }

  private func closed(at now: Timestamp) {
    guard isOpen else { return }
    isOpen = false
    close(socket)
    events.append(
      (now, .disconnected(.lost(reason: "closed by the other end", retrying: false), time: now)))
  }
}
