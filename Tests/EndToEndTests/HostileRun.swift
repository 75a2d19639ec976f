import Foundation
import Glibc
import IRCTestSupport
import Testing

/// `chat` in line mode on a pseudo-terminal against a `ScriptedServer`, with what the battery
/// checks after every case: the process is alive, its peak memory, the escapes in its output.
struct HostileRun {
  /// The channel chat is told to join (the scripts confirm its `JOIN`).
  static let channel = "#hostile"

  let terminal: PseudoTerminal
  let server: ScriptedServer

  /// Starts chat on a `rows`×`columns` terminal, connecting to `server` as alice in #hostile.
  init(_ server: ScriptedServer, rows: Int = 60, columns: Int = 160) throws {
    self.server = server
    terminal = try PseudoTerminal(
      arguments: [
        "--server", "irc://127.0.0.1:\(server.port)/\(Self.channel)", "--name", "alice",
        "--seed", "7",
      ], rows: rows, columns: columns)
  }

  /// chat's peak resident memory so far (VmHWM), in KiB; nil once it has exited.
  var peakKilobytes: Int? { ProcessMemory.peakKilobytes(of: terminal.pid) }

  /// Everything chat wrote, escape sequences removed: what scrolled past included.
  var shownText: String {
    var text = ""
    var inEscape = false
    for scalar in String(decoding: terminal.transcript, as: UTF8.self).unicodeScalars {
      if inEscape {
        if (0x40...0x7E).contains(scalar.value), scalar != "[" { inEscape = false }
        continue
      }
      switch scalar {
      case "\u{1B}": inEscape = true
      case "\r": continue
      default: text.unicodeScalars.append(scalar)
      }
    }
    return text
  }

  /// Waits until the screen's rows show `text` (joined across wrapped rows).
  @discardableResult
  func expectShown(
    _ text: String, within seconds: Double = 30, sourceLocation: SourceLocation = #_sourceLocation
  ) -> Bool {
    terminal.expectScreen(
      "'\(text)' on the screen", within: seconds, sourceLocation: sourceLocation
    ) { screen in
      screen.logicalLines.contains { $0.contains(text) }
    }
  }

  /// The checks every case ends with: still running, peak memory under `bound` KiB (recorded
  /// in the test's output), no escape taking effect on the terminal, and the server's script
  /// played as written so far.
  func expectSurvived(
    _ name: String, peakBelowKilobytes bound: Int,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let peak = peakKilobytes
    print("hostile battery: \(name): peak memory (VmHWM) \(peak.map(String.init) ?? "?") KiB")
    #expect(
      peak != nil, "chat is no longer running\n\(terminal.report)", sourceLocation: sourceLocation)
    if let peak {
      #expect(
        peak < bound, "peak memory \(peak) KiB is over the bound of \(bound) KiB",
        sourceLocation: sourceLocation)
    }
    #expect(server.failures.isEmpty, "the script failed: \(server.failures)")
    let audit = EscapeAudit(terminal.transcript)
    #expect(
      audit.isClean, "an escape reached the terminal: \(audit.description)",
      sourceLocation: sourceLocation)
  }

  /// Leaves with Ctrl-D, then stops chat by its pid if it is still there.
  func stop() {
    terminal.type("\u{4}")
    if terminal.waitForExit(within: 5) == nil { terminal.stop() }
  }
}

extension PseudoTerminal {
  /// Stops the child by its pid: SIGTERM, then SIGKILL after 5 s.
  func stop() {
    guard waitForExit(within: 0.05) == nil else { return }
    kill(pid, SIGTERM)
    if waitForExit(within: 5) == nil {
      kill(pid, SIGKILL)
      _ = waitForExit(within: 5)
    }
  }
}

/// Memory figures of a running process, from `/proc/PID/status`.
enum ProcessMemory {
  /// The peak resident set size (`VmHWM`) in KiB; nil when the process is gone.
  static func peakKilobytes(of pid: pid_t) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
    else { return nil }
    return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
  }
}
