// chat-bench: measures chat's per-message costs and its throughput against jq and JSONEncoder.
// Run with `swift run -c release chat-bench [lines]`, `chat-bench flood` for the flood figures
// alone, `chat-bench screen` for the full screen's (`screen-switch`: its window switch alone,
// in process), `chat-bench conversations [lines] [open]` for `update` with one conversation against
// 1,000, `chat-bench profile-update [lines] [open]` for one pass of that script to profile,
// `chat-bench irc [lines]` (or `profile-irc`, one pass) for recorded server lines through the
// IRC client, update and JSON lines in process, `chat-bench clients` for chat against irssi
// and WeeChat on a real server, or `chat-bench clients-scale`; see the Performance article
// in this target's Documentation.docc.
import Glibc

let arguments = Array(CommandLine.arguments.dropFirst())
let argument = arguments.first
if argument == "flood" {
  guard let chat = Benchmarks(lines: 0).chatPath else {
    print("(no chat binary beside chat-bench: run `swift build -c release` first)")
    exit(1)
  }
  Benchmarks(lines: 0).floodFigures(chat: chat)
  exit(0)
}
if argument == "screen" {
  guard let chat = Benchmarks(lines: 0).chatPath else {
    print("(no chat binary beside chat-bench: run `swift build -c release` first)")
    exit(1)
  }
  Benchmarks(lines: 0).screenFigures(chat: chat)
  exit(0)
}
if argument == "screen-switch" {
  Benchmarks(lines: 0).switchFigures()
  exit(0)
}
if argument == "conversations" {
  let count = arguments.dropFirst().first.flatMap { Int($0) } ?? 200_000
  let open = arguments.dropFirst(2).first.flatMap { Int($0) } ?? 1000
  Benchmarks(lines: count).conversationFigures(count: open)
  exit(0)
}
if argument == "profile-update" {
  // One pass of the conversation script and nothing else, for callgrind or perf to count.
  let count = arguments.dropFirst().first.flatMap { Int($0) } ?? 20_000
  let open = arguments.dropFirst(2).first.flatMap { Int($0) } ?? 1
  Benchmarks(lines: count).applyConversationScript(conversations: open)
  exit(0)
}
if argument == "irc" || argument == "profile-irc" {
  // `profile-irc`: one pass over the recording and nothing else, for callgrind or perf.
  let count = arguments.dropFirst().first.flatMap { Int($0) } ?? 200_000
  if argument == "irc" {
    IRCPipelineBenchmark.run(lines: count)
  } else {
    IRCPipelineBenchmark.feed(RecordedChannel(lines: count, members: 500).bytes())
  }
  exit(0)
}
if argument == "clients" {
  exitRunning(usage: "usage: chat-bench clients [--messages N] [--runs R] [--latency-messages M]") {
    () throws(UsageError) in
    try ClientsBenchmark(arguments: Array(arguments.dropFirst())).run(
      chat: Benchmarks(lines: 0).chatPath)
  }
}
if argument == "clients-scale" {
  exitRunning(usage: "usage: chat-bench clients-scale [--channels C] [--members M] [--messages N]")
  { () throws(UsageError) in
    try ScaleBenchmark(arguments: Array(arguments.dropFirst())).run(
      chat: Benchmarks(lines: 0).chatPath)
  }
}
if argument == "history" {
  exitRunning(usage: "usage: chat-bench history [--channels C] [--lines L]") {
    () throws(UsageError) in
    try HistoryBenchmark(arguments: Array(arguments.dropFirst())).run(
      chat: Benchmarks(lines: 0).chatPath)
  }
}
/// Exits with what `body` returns; on a usage error, with the error and `usage` on standard
/// error and status 64.
func exitRunning(usage: String, _ body: () throws(UsageError) -> Int32) -> Never {
  do {
    exit(try body())
  } catch {
    let text = Array("\(error)\n\(usage)\n".utf8)
    _ = text.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    exit(64)
  }
}

if argument == "tls-handshake" { exit(TLSHandshakeBenchmark.main(Array(arguments.dropFirst()))) }
let lines = argument.flatMap { Int($0) } ?? 200_000
exit(Benchmarks(lines: lines).runAll())
