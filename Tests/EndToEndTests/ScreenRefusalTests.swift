import Foundation
import Testing

/// `--renderer screen` runs only where it can draw: a dumb terminal and a pipe are refused
/// before anything is drawn, as usage errors (64), naming what to use instead.
@Suite(.timeLimit(.minutes(2))) struct ScreenRefusalTests {
  @Test func aDumbTerminalIsRefusedNamingLineMode() throws {
    var environment = ProcessInfo.processInfo.environment
    environment["TERM"] = "dumb"
    let result = try BinaryRunner.run(["--renderer", "screen"], environment: environment)
    #expect(result.status == 64)
    #expect(result.stderr.contains("TERM=dumb"))
    #expect(result.stderr.contains("--renderer line"))
    #expect(result.stdout.isEmpty)
  }

  @Test func withoutATerminalItIsRefused() throws {
    var environment = ProcessInfo.processInfo.environment
    environment["TERM"] = "xterm-256color"
    let result = try BinaryRunner.run(
      ["--renderer", "screen"], stdin: Array("hi\n".utf8), environment: environment)
    #expect(result.status == 64)
    #expect(result.stderr.contains("needs a terminal"))
    #expect(result.stdout.isEmpty)
  }
}
