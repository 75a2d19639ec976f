import Foundation
import IRCTestSupport

/// `chat-bench clients`: chat against irssi and WeeChat in one channel of one real server,
/// side by side: CPU, peak memory and time to show a flood, then the latency chat adds over
/// a raw socket.
struct ClientsBenchmark {
  var messages = 20_000
  var runs = 3
  var latencyMessages = 2_000
  /// The spacing of the latency run's messages, in seconds.
  var latencyInterval = 0.005

  /// Reads `--messages N` and `--runs R`; a bad one is a usage error naming it.
  init(arguments: [String]) throws(UsageError) {
    var rest = arguments[...]
    while let flag = rest.popFirst() {
      guard flag == "--messages" || flag == "--runs" || flag == "--latency-messages" else {
        throw UsageError(text: "unknown option '\(flag)'")
      }
      guard let value = rest.popFirst().flatMap({ Int($0) }), value >= 1, value <= 10_000_000
      else { throw UsageError(text: "\(flag) needs a whole number from 1 to 10,000,000") }
      switch flag {
      case "--messages": messages = value
      case "--runs": runs = value
      default: latencyMessages = value
      }
    }
  }

  /// The programs found on this machine, by receiver.
  static func programs(chat: String?) -> [ReceiverKind: String] {
    var found: [ReceiverKind: String] = [:]
    for kind in ReceiverKind.allCases {
      switch kind {
      case .chatLine, .chatJSON: found[kind] = chat
      case .raw: break
      case .irssi, .weechat: found[kind] = kind.programName.flatMap(ProgramPath.find)
      }
    }
    return found
  }

  func run(chat: String?) -> Int32 {
    guard ServerRequirement.inspircd.executable != nil else {
      print("chat-bench clients needs InspIRCd: apt-get install irssi weechat-headless inspircd")
      return 69
    }
    let programs = Self.programs(chat: chat)
    print(
      "chat-bench clients: \(messages) messages flooded into one channel of InspIRCd, "
        + "every receiver in it at once; median of \(runs) runs\n")
    var results: [ClientsRun.Result] = []
    for index in 1...runs {
      let run = ClientsRun(
        kinds: ReceiverKind.allCases, programs: programs, messages: messages, pace: .flood)
      do {
        results.append(try run.perform())
      } catch {
        print("run \(index) could not be set up: \(error)")
      }
    }
    guard !results.isEmpty else { return 1 }
    ClientsReport.floodTable(results, messages: messages)

    print("")
    let latency = ClientsRun(
      kinds: [.chatLine, .irssi, .raw], programs: programs, messages: latencyMessages,
      pace: .spaced(interval: latencyInterval))
    do {
      ClientsReport.latencyTable(
        try latency.perform(), interval: latencyInterval, messages: latencyMessages)
    } catch {
      print("the latency run could not be set up: \(error)")
    }
    return 0
  }
}

/// A bad command line for a mode of chat-bench.
struct UsageError: Error, CustomStringConvertible {
  var text: String
  var description: String { "chat-bench: \(text)" }
}
