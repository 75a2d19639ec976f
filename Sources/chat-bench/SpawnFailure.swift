/// A program the benchmark could not start.
struct SpawnFailure: Error, CustomStringConvertible {
  var program: String
  var description: String { "could not start \(program)" }
}
