// chat-bench: measures chat's per-message costs and its throughput against jq and JSONEncoder.
// Run with `swift run -c release chat-bench [lines]`, or `chat-bench flood` for the flood
// figures alone, `chat-bench conversations` for one against 1,000 conversations; see the README's Performance section.
import Glibc

let argument = CommandLine.arguments.dropFirst().first
if argument == "flood" {
  guard let chat = Benchmarks(lines: 0).chatPath else {
    print("(no chat binary beside chat-bench: run `swift build -c release` first)")
    exit(1)
  }
  Benchmarks(lines: 0).floodFigures(chat: chat)
  exit(0)
}
if argument == "conversations" {
  let count = CommandLine.arguments.dropFirst(2).first.flatMap { Int($0) } ?? 200_000
  let open = CommandLine.arguments.dropFirst(3).first.flatMap { Int($0) } ?? 1000
  Benchmarks(lines: count).conversationFigures(count: open)
  exit(0)
}
let lines = argument.flatMap { Int($0) } ?? 200_000
exit(Benchmarks(lines: lines).runAll())
