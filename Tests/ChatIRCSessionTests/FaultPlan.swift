import ChatSession
import IRCTestSupport

/// What one seed of the fault property does: the messages typed and when, the faults armed
/// in the proxy and when they fire, and how often failed messages are retried.
///
/// Everything derives from the seed, so a failing seed runs the same plan again alone
/// (the faults' exact moments still depend on the live timing of the run).
struct FaultPlan: Sendable {
  /// A line to type, `atMilliseconds` after the run starts.
  struct Typed: Sendable {
    var atMilliseconds: Int64
    var text: String
  }

  /// A fault, when it fires, and for how long it lasts (stalls, delays, refusals).
  struct Armed: Sendable {
    var fault: FaultProxy.Fault
    var trigger: Trigger
    var lasting: Double?

    var summary: String {
      "\(fault.kind) \(trigger)" + (lasting.map { " for \($0) s" } ?? "")
    }
  }

  /// When a fault fires: times count from the start of the run.
  enum Trigger: Sendable {
    case afterSeconds(Double)
    case afterBytes(FaultProxy.Direction, Int)
    case whenSeen(FaultProxy.Direction, String)
  }

  let seed: UInt64
  var nick: String { "fp\(seed)" }
  var channel: String { "#fp\(seed)" }
  private(set) var messages: [Typed] = []
  private(set) var faults: [Armed] = []
  /// How many times `/retry` may be typed when messages have failed.
  private(set) var retries = 0
  /// The pacing interval: most seeds send almost at once, a third are paced so that lines
  /// wait in chat when a fault strikes (they fail as never sent).
  private(set) var pacingIntervalMilliseconds: Int64 = 100
  /// Whether the observer says something in the channel before chat joins, so that its
  /// history reaches back before chat's first line. One seed in eight starts with an empty
  /// history, where a line lost before anything else cannot be told apart.
  private(set) var hasEarlierHistory = true
  /// What the observer says then.
  static let earlierHistory = "said before chat came"

  init(seed: UInt64) {
    self.seed = seed
    var random = SeededUUIDGenerator(seed: seed, stream: 11)
    func pick(_ range: ClosedRange<Int>) -> Int {
      range.lowerBound + Int(random.nextBits() % UInt64(range.count))
    }
    // Messages in bursts (several in flight at once), some typed before the first
    // connection is up, some while later faults are happening.
    let bursts = pick(1...3)
    var number = 0
    // A quarter of the seeds type one message too long for an IRC line: it goes out split.
    let long = pick(0...3) == 0 ? pick(0...5) : -1
    for _ in 0..<bursts {
      let at = Int64(pick(0...2500))
      for _ in 0..<pick(1...4) {
        // Every word names its message, so a piece of a split one is known by its first word.
        let tag = "s\(seed)m\(number)"
        let count = number == long ? pick(60...150) : pick(1...6)
        let words = (0..<count).map { _ in "\(tag)w\(pick(0...999))" }
        let text = ([tag] + words).joined(separator: " ")
        messages.append(Typed(atMilliseconds: at, text: text))
        number += 1
      }
    }
    messages.sort { $0.atMilliseconds < $1.atMilliseconds }
    retries = [0, 0, 1, 1, 2][pick(0...4)]
    if pick(0...2) == 0 { pacingIntervalMilliseconds = 400 }
    hasEarlierHistory = seed % 8 != 7
    for _ in 0..<pick(1...3) {
      faults.append(Self.fault(pick, messages: messages))
    }
    if let split = messages.first(where: { $0.text.utf8.count > 400 }), pick(0...1) == 0 {
      // Between the pieces of a split message: the server gets the first piece and answers
      // it, but never the rest (the message must fail, as part 2 of N).
      let words = split.text.split(separator: " ")
      let middle = words[words.count * 2 / 3]
      faults.append(
        Armed(fault: .halfClose(.toServer), trigger: .whenSeen(.toServer, "\(middle) ")))
    }
  }

  private static func fault(_ pick: (ClosedRange<Int>) -> Int, messages: [Typed]) -> Armed {
    let direction: FaultProxy.Direction = pick(0...1) == 0 ? .toServer : .toClient
    let trigger: Trigger
    switch pick(0...3) {
    case 0:
      trigger = .afterSeconds(Double(pick(200...4000)) / 1000)
    case 1:
      // The first connection writes ~100 bytes of registration to the server and gets ~3 KB
      // back before the channel's lines; the counts land anywhere in either.
      trigger = .afterBytes(direction, direction == .toServer ? pick(1...900) : pick(1...6000))
    default:
      // Just after a message's words pass (mid-line toward the server, the echo or the
      // relay toward chat).
      let message = messages[pick(0...(messages.count - 1))]
      trigger = .whenSeen(direction, String(message.text.prefix { $0 != " " }) + " ")
    }
    let lasting = Double(pick(100...3000)) / 1000
    switch pick(0...7) {
    case 0: return Armed(fault: .cut, trigger: trigger)
    case 1: return Armed(fault: .reset, trigger: trigger)
    case 2: return Armed(fault: .halfClose(direction), trigger: trigger)
    case 3, 4: return Armed(fault: .stall(direction), trigger: trigger, lasting: lasting)
    case 5:
      let seconds = Double(pick(20...600)) / 1000
      return Armed(fault: .delay(direction, seconds: seconds), trigger: trigger, lasting: lasting)
    case 6:
      return Armed(
        fault: .halfClose(direction == .toServer ? .toClient : .toServer), trigger: trigger)
    default:
      // The server "down" for a while: `arm` cuts the link as the refusal starts.
      return Armed(fault: .refuseNewConnections(true), trigger: trigger, lasting: lasting)
    }
  }

  /// Arms every fault in `proxy`.
  func arm(_ proxy: FaultProxy) {
    for armed in faults {
      let trigger: FaultProxy.Trigger =
        switch armed.trigger {
        case .afterSeconds(let seconds): .afterSeconds(seconds)
        case .afterBytes(let direction, let count): .afterBytes(direction, count)
        case .whenSeen(let direction, let text): .whenSeen(direction, text)
        }
      proxy.inject(armed.fault, when: trigger, lasting: armed.lasting)
      if case .refuseNewConnections = armed.fault {
        // Refusing new connections matters only once the current one goes.
        proxy.inject(.cut, when: trigger)
      }
    }
  }

  /// Until when time-triggered faults (and their undoing) may still fire.
  var lastTimedFaultMilliseconds: Int64 {
    faults.map { armed -> Int64 in
      guard case .afterSeconds(let seconds) = armed.trigger else { return 0 }
      return Int64((seconds + (armed.lasting ?? 0)) * 1000)
    }.max() ?? 0
  }
}

extension FaultProxy.Fault {
  /// The fault's kind, for the figures.
  var kind: String {
    switch self {
    case .cut: "cut"
    case .reset: "reset"
    case .halfClose(.toServer): "half-close to server"
    case .halfClose(.toClient): "half-close to client"
    case .stall(.toServer): "stall to server"
    case .stall(.toClient): "stall to client"
    case .delay(.toServer, _): "delay to server"
    case .delay(.toClient, _): "delay to client"
    case .resume: "resume"
    case .refuseNewConnections(true): "refuse connections"
    case .refuseNewConnections(false): "accept connections"
    }
  }
}
