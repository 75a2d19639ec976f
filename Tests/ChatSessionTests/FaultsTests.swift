import ChatCore
import ChatSession
import FoundationEssentials
import IRCTestRequirements
import Testing

@Suite(.timeLimit(.minutes(10))) struct FaultsTests {
  @Test func specReadsEveryFault() throws {
    let faults = try Faults(
      parsing: "drop=0.1, duplicate=0.05,jitter=80ms,disconnect=0.01,downtime=500")
    #expect(faults.drop == 0.1)
    #expect(faults.duplicate == 0.05)
    #expect(faults.jitterMilliseconds == 80)
    #expect(faults.disconnect == 0.01)
    #expect(faults.downtimeMilliseconds == 500)
    #expect(try Faults(parsing: faults.description) == faults)
    #expect(try Faults(parsing: "").isEmpty)
  }

  @Test(arguments: [
    ("drop=2", "invalid fault 'drop=2': expected a probability from 0 to 1"),
    ("jitter=fast", "invalid fault 'jitter=fast': expected milliseconds from 0 to 60000"),
    ("lose=0.1", "unknown fault 'lose': expected drop, duplicate, jitter, disconnect or downtime"),
    ("drop", "invalid fault 'drop': expected key=value"),
  ])
  func badSpecsSayWhatIsWrong(spec: String, message: String) {
    #expect(throws: FaultsError.self) { try Faults(parsing: spec) }
    do {
      _ = try Faults(parsing: spec)
    } catch {
      #expect(error.description == message)
    }
  }

  private func events(_ faults: Faults, seed: UInt64, sends: Int = 200) -> [(Int64, Action.Session)]
  {
    var configuration = SimulatedSession.Configuration()
    configuration.faults = faults
    var session = SimulatedSession(
      configuration: configuration, ids: SeededUUIDGenerator(seed: seed))
    var ids = SeededUUIDGenerator(seed: 99)
    let start = Timestamp.virtualEpoch
    for index in 0..<sends {
      let at = start.advanced(byMilliseconds: Int64(index) * 1000)
      session.send(Message(id: ids.next(), sender: "A", text: "\(index)", time: at), at: at)
    }
    var result: [(Int64, Action.Session)] = []
    // Events lost with a dropped connection are skipped, so a due time may yield nothing.
    var stall = StallGuard()
    while let due = session.nextDeadline {
      let event = session.nextEvent(dueBy: due)
      if let event { result.append((start.milliseconds(to: due), event)) }
      if stall.isStalled(at: due, progressed: event != nil) { break }
    }
    return result
  }

  @Test func jitterKeepsDelaysWithinItsRange() {
    var faults = Faults()
    faults.jitterMilliseconds = 40
    let delays = events(faults, seed: 5).compactMap { offset, event -> Int64? in
      if case .echoed = event { offset % 1000 } else { nil }
    }
    #expect(delays.count == 200)
    #expect(delays.allSatisfy { (60...140).contains($0) })
    #expect(Set(delays).count > 20, "the delays vary")
  }

  @Test func dropsLoseSomeEchoesAndDuplicatesRepeatThemWithTheSameId() {
    var faults = Faults()
    faults.drop = 0.3
    faults.duplicate = 0.3
    let all = events(faults, seed: 8)
    let echoed = all.compactMap { if case .echoed(let message) = $0.1 { message.id } else { nil } }
    #expect(Set(echoed).count < 200, "some sends or echoes were dropped")
    #expect(echoed.count > Set(echoed).count, "some echoes came twice")
    let received = all.compactMap {
      if case .received(let message, _) = $0.1 { message.id } else { nil }
    }
    #expect(received.count > Set(received).count, "some replies came twice, same id")
  }

  @Test func aDisconnectReportsDownConnectingAndConnectedAgain() {
    var faults = Faults()
    faults.disconnect = 0.2
    let statuses = events(faults, seed: 2).compactMap { offset, event -> String? in
      switch event {
      case .disconnected: "down"
      case .connecting: "connecting"
      case .connected: "up"
      default: nil
      }
    }
    #expect(statuses.count >= 3)
    #expect(Array(statuses.prefix(3)) == ["down", "connecting", "up"])
  }

  @Test func sendsIntoALostConnectionFailAtOnceWithAReason() {
    var faults = Faults()
    faults.disconnect = 1
    var session = SimulatedSession(
      configuration: {
        var c = SimulatedSession.Configuration()
        c.faults = faults
        return c
      }(),
      ids: SeededUUIDGenerator(seed: 1))
    let start = Timestamp.virtualEpoch
    let first = Message(id: UUID(), sender: "A", text: "1", time: start)
    let second = Message(id: UUID(), sender: "A", text: "2", time: start)
    session.send(first, at: start)
    session.send(second, at: start)
    var events: [Action.Session] = []
    var stall = StallGuard()
    while let due = session.nextDeadline, due == start {
      let event = session.nextEvent(dueBy: due)
      if let event { events.append(event) }
      if stall.isStalled(at: due, progressed: event != nil) { break }
    }
    #expect(
      events == [
        .disconnected(.lost(reason: "connection lost", retrying: true), time: start),
        .deliveryFailed(ids: [first.id], reason: "connection lost", time: start),
        .deliveryFailed(ids: [second.id], reason: "connection lost", time: start),
      ])
  }

  @Test func withoutFaultsTheSameSeedGivesTheSeedsExactTiming() {
    let all = events(Faults(), seed: 1, sends: 3)
    #expect(all.map(\.0) == [100, 300, 1100, 1300, 2100, 2300])
  }

  @Test func burstAnswersEachMessageWithManyAtOnce() {
    var configuration = SimulatedSession.Configuration()
    configuration.burst = 50
    var session = SimulatedSession(configuration: configuration, ids: SeededUUIDGenerator(seed: 1))
    let start = Timestamp.virtualEpoch
    session.send(Message(id: UUID(), sender: "A", text: "go", time: start), at: start)
    var replies: [Int64] = []
    while let due = session.nextDeadline, let event = session.nextEvent(dueBy: due) {
      if case .received = event { replies.append(start.milliseconds(to: due)) }
    }
    #expect(replies == Array(repeating: 300, count: 50))
  }
}
