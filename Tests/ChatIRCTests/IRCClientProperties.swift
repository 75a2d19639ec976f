import ChatCore
import ChatIRC

/// What the protocol state machine must keep whatever a server sends.
///
/// Shared by `IRCClientFuzzTests` and the libFuzzer target in `Tests/Fuzz/`. The input's
/// bytes are the server's stream, cut in two at its first byte's value so that lines also
/// arrive split across reads; the client has asked for nothing, so every line it writes
/// must be one of the protocol's own.
enum IRCClientProperties {
  /// Commands the client may send on its own: registration, capabilities, keepalive,
  /// answers, the configured joins, and the quit after every nick was refused.
  static let ownCommands: Set<String> = ["CAP", "NICK", "USER", "PING", "PONG", "JOIN", "QUIT"]

  static func violation(_ bytes: [UInt8]) -> String? {
    let start = Timestamp.virtualEpoch
    var client = IRCClient(
      configuration: .init(nick: "alice", channels: ["#chat"]), at: start)
    var outputs = [client.start(at: start)]
    let cut = bytes.first.map { Int($0) % (bytes.count + 1) } ?? 0
    outputs.append(client.receive(bytes: bytes[..<cut], at: start.advanced(byMilliseconds: 10)))
    outputs.append(client.receive(bytes: bytes[cut...], at: start.advanced(byMilliseconds: 20)))
    outputs.append(client.advance(to: start.advanced(byMilliseconds: 3_600_000)))
    outputs.append(
      client.connectionClosed(reason: "end", at: start.advanced(byMilliseconds: 3_600_001)))
    let lines = outputs.flatMap(\.lines)
    let lineCount = bytes.count { $0 == 0x0A } + 1
    // Registration (3), CAP REQ and END, a JOIN, a QUIT, and a PONG or NICK per line at most.
    guard lines.count <= 8 + lineCount else {
      return "\(lines.count) lines written for \(lineCount) received"
    }
    for line in lines {
      let message: IRCMessage
      do {
        message = try IRCMessage(parsing: line)
      } catch {
        return "a written line does not parse (\(error)): \(line.debugDescription)"
      }
      guard message.serialized == line else { return "a line not in canonical form: \(line)" }
      guard ownCommands.contains(message.command) else {
        return "the server made the client send \(line.debugDescription)"
      }
      if message.command == "JOIN", message.parameters != ["#chat"] {
        return "a join nobody asked for: \(line.debugDescription)"
      }
      let withoutTags = IRCMessage(
        source: message.source, command: message.command, parameters: message.parameters)
      guard withoutTags.serialized.utf8.count + 2 <= 512 else {
        return "a line over 512 bytes: \(line.prefix(80))…"
      }
    }
    if client.phase != .disconnected { return "still connected after the stream ended" }
    let disconnects = outputs.flatMap(\.events).count {
      if case .disconnected = $0 { true } else { false }
    }
    return disconnects == 1 ? nil : "\(disconnects) disconnects reported"
  }
}
