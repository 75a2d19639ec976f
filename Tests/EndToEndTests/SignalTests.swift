import Foundation
import IRCTestRequirements
import Testing

/// chat in a pipeline, stopped by a signal: sinks flushed, conventional exit status.
@Suite(.ownThread, .serialized, .timeLimit(.minutes(10))) struct SignalTests {
  /// A running chat whose standard input and output are pipes held by the test.
  private final class PipedChat {
    let pid: pid_t
    let input: Int32
    let output: Int32
    private(set) var received = ""

    init(_ arguments: [String]) throws {
      var inputEnds: [Int32] = [-1, -1]
      var outputEnds: [Int32] = [-1, -1]
      guard pipe(&inputEnds) == 0, pipe(&outputEnds) == 0 else { throw POSIXError(.EMFILE) }
      var pid: pid_t = 0
      let environment = ProcessInfo.processInfo.environment.map { "\($0)=\($1)" }
      let status = CleanSpawn.spawn(
        BinaryRunner.chatPath, arguments: arguments, environment: environment, pid: &pid
      ) { actions in
        posix_spawn_file_actions_adddup2(&actions, inputEnds[0], 0)
        posix_spawn_file_actions_adddup2(&actions, outputEnds[1], 1)
        posix_spawn_file_actions_addclose(&actions, inputEnds[1])
        posix_spawn_file_actions_addclose(&actions, outputEnds[0])
      }
      close(inputEnds[0])
      close(outputEnds[1])
      guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EIO) }
      self.pid = pid
      input = inputEnds[1]
      output = outputEnds[0]
    }

    deinit {
      close(input)
      close(output)
    }

    func type(_ line: String) {
      let bytes = Array((line + "\n").utf8)
      _ = write(input, bytes, bytes.count)
    }

    /// Reads until `text` has arrived or `seconds` pass; true when it arrived.
    func waitFor(_ text: String, seconds: Double = 10) -> Bool {
      let deadline = Date().addingTimeInterval(seconds)
      var buffer = [UInt8](repeating: 0, count: 65_536)
      while !received.contains(text), Date() < deadline {
        var poller = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, 50) > 0 else { continue }
        let count = read(output, &buffer, buffer.count)
        guard count > 0 else { break }
        received += String(decoding: buffer[..<count], as: UTF8.self)
      }
      return received.contains(text)
    }

    /// Waits for the exit, up to `seconds`; the shell-style status (128+n for a signal).
    func exitStatus(seconds: Double = 10) -> Int32? {
      let deadline = Date().addingTimeInterval(seconds)
      var status: Int32 = 0
      while Date() < deadline {
        _ = waitFor("\u{0}never\u{0}", seconds: 0.05)  // keep draining output meanwhile
        if waitpid(pid, &status, WNOHANG) == pid {
          let signal = status & 0x7F
          return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
        }
      }
      kill(pid, SIGKILL)
      waitpid(pid, &status, 0)
      return nil
    }
  }

  private func transcriptPath() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("chat-\(UUID().uuidString).jsonl")
      .path
  }

  @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143)), (SIGHUP, Int32(129))])
  func aSignalFlushesEverySinkAndExitsWithItsStatus(signal: Int32, status: Int32) throws {
    let transcript = transcriptPath()
    defer { try? FileManager.default.removeItem(atPath: transcript) }
    let chat = try PipedChat(["--renderer", "jsonl", "--jsonl", transcript])
    chat.type("hello")
    #expect(chat.waitFor("\"own\":false"), "the reply arrives: \(chat.received)")
    kill(chat.pid, signal)
    #expect(chat.exitStatus() == status)
    #expect(
      chat.received.hasSuffix("\"failed\":0,\"pending\":0}\n"), "stdout ends with the end object")
    let file = try String(contentsOfFile: transcript, encoding: .utf8)
    #expect(
      file.hasSuffix("\"failed\":0,\"pending\":0}\n"), "the transcript file is complete: \(file)")
    #expect(file.split(separator: "\n").count == chat.received.split(separator: "\n").count)
  }

  @Test func killNineLeavesEveryCompletedTranscriptLineIntact() throws {
    let transcript = transcriptPath()
    defer { try? FileManager.default.removeItem(atPath: transcript) }
    let chat = try PipedChat(["--renderer", "log", "--jsonl", transcript])
    for index in 1...3 { chat.type("message \(index)") }
    #expect(chat.waitFor("message 3"))
    #expect(chat.waitFor("Person B", seconds: 5))
    kill(chat.pid, SIGKILL)
    #expect(chat.exitStatus() == 128 + SIGKILL)
    let file = try String(contentsOfFile: transcript, encoding: .utf8)
    #expect(file.hasSuffix("\n"), "no line cut in half")
    let lines = file.split(separator: "\n")
    for line in lines {
      #expect(throws: Never.self) { try JSONSerialization.jsonObject(with: Data(line.utf8)) }
    }
    #expect(lines.filter { $0.contains("\"own\":true") }.count == 3, "all echoes written: \(file)")
  }
}
