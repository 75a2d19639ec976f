import ChatCore
import ChatIRC
import ChatIRCSession
import ChatSession
import FoundationEssentials
import Glibc
import Testing

/// The link's status as `IRCSession` reports it to the core, against a scripted server on a
/// loopback socket the test listens on: one report per turn however many lines were queued,
/// and one more each time a paced line goes out. Times are the test's own.
@Suite(.timeLimit(.minutes(10)))
struct IRCSessionLinkStatusTests {
  @Test func aBurstOfSendsIsOneLinkReportAndEachPacedLineOneMore() throws {
    let server = try ScriptedServer()
    defer { server.close() }
    var configuration = IRCSessionConfiguration(
      host: "127.0.0.1", port: server.port,
      client: IRCClient.Configuration(nick: "alice", wantedCapabilities: []))
    configuration.connectTimeoutMilliseconds = 5000
    let session = IRCSession(configuration: configuration)
    var now = Timestamp.virtualEpoch
    session.connect(at: now)
    try server.accept()
    server.write(":srv CAP * LS :\r\n:srv 001 alice :welcome\r\n")
    var events = drive(session, at: now, until: { $0.contains(.connected(time: now)) })
    #expect(events.contains(.connected(time: now)), "\(events)")

    // Nine messages in one turn: what registration left of the burst sends some (or none),
    // the rest wait.
    for number in 1...9 {
      let message = Message(
        id: UUID(uuid: (UInt8(number), 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 0)),
        sender: "alice", text: "line \(number)", time: now, conversation: ConversationName("#c"))
      session.send(message, at: now)
    }
    events = drain(session, at: now)
    let reports = events.compactMap { event -> LinkStatus? in
      if case .linkChanged(let link, _) = event { link } else { nil }
    }
    #expect(reports.count == 1, "\(events)")
    let queued = try #require(reports.first?.queuedLines)
    #expect(queued > 0, "\(reports)")
    #expect(drain(session, at: now).isEmpty, "nothing more to say while nothing changes")

    // A second later one line goes out: one report, one fewer queued.
    now = now.advanced(byMilliseconds: 1000)
    events = drain(session, at: now)
    #expect(events == [.linkChanged(LinkStatus(queuedLines: queued - 1), time: now)], "\(events)")
  }

  /// Polls the session's descriptors and collects its events until `done` holds or 5 s pass.
  private func drive(
    _ session: IRCSession, at now: Timestamp, until done: ([Action.Session]) -> Bool
  ) -> [Action.Session] {
    var events: [Action.Session] = []
    let deadline = ContinuousClock.now + .seconds(5)
    while !done(events), ContinuousClock.now < deadline {
      var entries = session.watchedDescriptors.map { watched in
        pollfd(
          fd: watched.descriptor,
          events: Int16((watched.wantsRead ? POLLIN : 0) | (watched.wantsWrite ? POLLOUT : 0)),
          revents: 0)
      }
      _ = poll(&entries, nfds_t(entries.count), 50)
      for entry in entries where entry.revents != 0 {
        var readiness: Readiness = []
        if entry.revents & Int16(POLLIN) != 0 { readiness.insert(.readable) }
        if entry.revents & Int16(POLLOUT) != 0 { readiness.insert(.writable) }
        if entry.revents & Int16(POLLHUP) != 0 { readiness.insert(.hungUp) }
        session.handle(readiness, on: entry.fd, at: now)
      }
      events += drain(session, at: now)
    }
    return events
  }

  /// Every event due by `now`.
  private func drain(_ session: IRCSession, at now: Timestamp) -> [Action.Session] {
    var events: [Action.Session] = []
    for _ in 0..<1000 {
      guard let due = session.nextDeadline, due <= now,
        let event = session.nextEvent(dueBy: now)
      else { break }
      events.append(event)
    }
    return events
  }
}

/// A listening loopback socket that accepts one client and writes it what the test says.
private final class ScriptedServer {
  enum Failure: Error { case socket(String) }

  private let listener: Int32
  private var connection: Int32 = -1
  let port: UInt16

  init() throws {
    let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard listener >= 0 else { throw Failure.socket("socket") }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
        bind(listener, pointer, length) == 0 && listen(listener, 1) == 0
          && getsockname(listener, pointer, &length) == 0
      }
    }
    guard bound else {
      Glibc.close(listener)
      throw Failure.socket("bind")
    }
    self.listener = listener
    port = UInt16(bigEndian: address.sin_port)
  }

  /// Waits (at most 5 s) for the session's connection.
  func accept() throws {
    var entry = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
    guard poll(&entry, 1, 5000) == 1 else { throw Failure.socket("no connection") }
    connection = Glibc.accept(listener, nil, nil)
    guard connection >= 0 else { throw Failure.socket("accept") }
  }

  func write(_ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
  }

  func close() {
    if connection >= 0 { Glibc.close(connection) }
    Glibc.close(listener)
  }
}
