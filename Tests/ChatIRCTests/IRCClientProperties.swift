import ChatCore
import ChatIRC

/// What the protocol state machine must keep whatever a server sends.
///
/// Shared by `IRCClientFuzzTests` and the libFuzzer target in `Tests/Fuzz/`. The input's
/// bytes are the server's stream, cut in two at its first byte's value so that lines also
/// arrive split across reads; the client has asked for nothing, so every line it writes
/// must be one of the protocol's own. Each input is played twice: without SASL, and with
/// required SASL `PLAIN`, where the password must stay out of everything but the marked
/// response lines and nothing may register without authenticating.
enum IRCClientProperties {
  /// Commands the client may send on its own: registration, capabilities, SASL, keepalive,
  /// answers (`PONG`, CTCP `NOTICE`s), the configured joins, and the quit after every nick
  /// was refused or SASL failed.
  static let ownCommands: Set<String> = [
    "CAP", "NICK", "USER", "AUTHENTICATE", "PING", "PONG", "NOTICE", "JOIN", "QUIT",
  ]

  static let password = "hunter2-correct-horse"
  /// `alice\0alice\0hunter2-correct-horse` in base64: the only sensitive line allowed.
  static let response = "YWxpY2UAYWxpY2UAaHVudGVyMi1jb3JyZWN0LWhvcnNl"

  static func violation(_ bytes: [UInt8]) -> String? {
    if let found = violation(bytes, sasl: nil) { return found }
    let sasl = IRCSASL(.plain(user: "alice", password: IRCSecret(password)))
    return violation(bytes, sasl: sasl).map { "with SASL: " + $0 }
  }

  static func violation(_ bytes: [UInt8], sasl: IRCSASL?) -> String? {
    let start = Timestamp.virtualEpoch
    var client = IRCClient(
      configuration: .init(nick: "alice", channels: ["#chat"], sasl: sasl), at: start)
    var output = client.start(at: start)
    var framer = IRCLineBuffer()
    let cut = bytes.first.map { Int($0) % (bytes.count + 1) } ?? 0
    output.append(
      client.receive(
        bytes: bytes[..<cut], framedBy: &framer, at: start.advanced(byMilliseconds: 10)))
    output.append(
      client.receive(
        bytes: bytes[cut...], framedBy: &framer, at: start.advanced(byMilliseconds: 20)))
    output.append(client.advance(to: start.advanced(byMilliseconds: 3_600_000)))
    // Everything so far arrived within 10 ms: one CTCP answer at most. An unterminated last
    // line arrives with the close, an hour later, and may have one more.
    let early = output.lines.count { $0.hasPrefix("NOTICE ") }
    guard early <= 1 else { return "\(early) CTCP answers within a second" }
    output.append(
      client.connectionClosed(
        reason: "end", framedBy: &framer, at: start.advanced(byMilliseconds: 3_600_001)))
    let lines = output.lines
    let lineCount = bytes.count { $0 == 0x0A } + 1
    // Registration (3), CAP REQ and END, SASL (2), a JOIN, a QUIT, a CTCP answer, and a
    // PONG or NICK per line at most.
    guard lines.count <= 11 + lineCount else {
      return "\(lines.count) lines written for \(lineCount) received"
    }
    for (index, line) in lines.enumerated() {
      if let problem = check(line, sensitive: output.sensitiveLines.contains(index)) {
        return problem
      }
    }
    if sasl != nil, let problem = checkSecrets(output, client: client, input: bytes) {
      return problem
    }
    let authenticated = output.events.contains {
      if case .authenticated = $0 { true } else { false }
    }
    if sasl != nil, !authenticated,
      lines.contains(where: { $0 == "CAP END" || $0.hasPrefix("JOIN ") })
    {
      return "registered without authenticating: \(lines)"
    }
    if client.phase != .disconnected { return "still connected after the stream ended" }
    let disconnects = output.events.count {
      if case .disconnected = $0 { true } else { false }
    }
    return disconnects == 1 ? nil : "\(disconnects) disconnects reported"
  }

  /// One written line: canonical, one of ours, within 512 bytes; sensitive exactly when it is
  /// the SASL response.
  private static func check(_ line: String, sensitive: Bool) -> String? {
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
    if message.command == "AUTHENTICATE" {
      let allowed = ["PLAIN", "+", "*", response]
      guard message.parameters.count == 1, allowed.contains(message.parameters[0]) else {
        return "an AUTHENTICATE nobody asked for: \(line.debugDescription)"
      }
    }
    if sensitive != (line == "AUTHENTICATE " + response) {
      return "\(line.debugDescription) is \(sensitive ? "" : "not ")marked sensitive"
    }
    if message.command == "NOTICE" {
      let answer = message.parameters.last.flatMap(IRCCTCP.init(parsing:))
      guard let answer, ["VERSION", "PING"].contains(answer.command) else {
        return "a notice that is not a CTCP answer: \(line.debugDescription)"
      }
    }
    let withoutTags = IRCMessage(
      source: message.source, command: message.command, parameters: message.parameters)
    guard withoutTags.serialized.utf8.count + 2 <= 512 else {
      return "a line over 512 bytes: \(line.prefix(80))…"
    }
    return nil
  }

  /// The password and the response appear in no event, no redacted line and no dump of the
  /// client (unless the server itself sent them).
  private static func checkSecrets(_ output: IRCOutput, client: IRCClient, input: [UInt8])
    -> String?
  {
    let text = String(decoding: input, as: UTF8.self)
    var seen = output.redactedLines + output.events.map { "\($0)" }
    // A dump is slow; the client can only have kept the response once it made one.
    if !output.sensitiveLines.isEmpty {
      var dumped = ""
      dump(client, to: &dumped)
      seen.append(dumped)
    }
    // The password as text, as base64, and as the byte list a `dump` of bytes would print.
    let bytes = password.utf8.map(String.init).joined(separator: ", ")
    for secret in [password, response, bytes] where !text.contains(secret) {
      if let leak = seen.first(where: { $0.contains(secret) }) {
        return "a secret leaked: \(leak.prefix(200))"
      }
    }
    return nil
  }
}
