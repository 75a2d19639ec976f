import Foundation
import IRCTestSupport
import Testing

/// Runs chat against a real server with `--record` into `Fixtures/<name>/scenario.chat`, for
/// the IRC fixture cases (see `IRCFixtureRecordingTests`).
enum IRCFixtureRecorder {
  /// Whether fixtures are being recorded now: `RECORD_IRC_FIXTURES=1 swift test --filter
  /// IRCFixtureRecordingTests`. Never on CI, where a fixture must not change by itself.
  static var isRecording: Bool {
    ProcessInfo.processInfo.environment["RECORD_IRC_FIXTURES"] == "1"
  }

  /// Records chat connected to `port` as `nick` in `channels`, with `extra` options, while
  /// `script` drives the chat and the server's other clients; then input ends and chat
  /// leaves. The recording replaces the case's `scenario.chat`. Returns what the live run
  /// wrote (the log renderer's output, and standard error), for comparing with the replay.
  @discardableResult
  static func record(
    _ name: String, port: UInt16, nick: String = "bot", channels: String = "#chat",
    extra: [String] = [], environment: [String: String] = [:],
    expectedStatus: Int32 = 0, script: (LiveChat) throws -> Void
  ) throws -> (output: [UInt8], errors: String) {
    let folder = Snapshot.fixtures.appendingPathComponent(name)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let home = try ScratchFolder()
    defer { home.remove() }
    let chat = try LiveChat(
      [
        "--server", "irc://127.0.0.1:\(port)/\(channels)", "--name", nick, "--seed", "7",
        "--renderer", "log", "--record", folder.appendingPathComponent("scenario.chat").path,
      ] + extra, environment: home.environment(environment))
    defer { chat.close() }
    try script(chat)
    chat.endInput()
    #expect(chat.wait() == expectedStatus, "\(chat.stderr)")
    return (chat.stdout, chat.stderr)
  }
}
