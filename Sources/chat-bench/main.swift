// chat-bench: measures chat's per-message costs and its throughput against jq and JSONEncoder.
// Run with `swift run -c release chat-bench [lines]`; see the README's Performance section.
import Glibc

let lines = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 200_000
exit(Benchmarks(lines: lines).runAll())
