import ChatCore
import Testing

@testable import ChatIRC

@Suite(.timeLimit(.minutes(10))) struct IRCSecretTests {
  static let password = "hunter2-Tr0ub4dor"
  static let secret = IRCSecret(password)

  /// Whether `text` shows the password, as text or as the list of its bytes a plain `dump`
  /// of a byte array would print.
  static func leaks(_ text: String) -> Bool {
    text.contains(password)
      || text.contains(password.utf8.map(String.init).joined(separator: ", "))
  }

  @Test func aSecretNeverShowsItself() {
    var dumped = ""
    dump(Self.secret, to: &dumped)
    let shown = [
      "\(Self.secret)", String(describing: Self.secret), String(reflecting: Self.secret),
      Self.secret.description, Self.secret.debugDescription, dumped,
      "\(Mirror(reflecting: Self.secret).children.map { "\($0.label ?? ""): \($0.value)" })",
    ]
    for text in shown {
      #expect(!Self.leaks(text), "\(text)")
      #expect(text.contains("<redacted>"), "\(text)")
    }
  }

  @Test func mechanismsConfigurationsAndClientsNeverShowThePassword() {
    let sasl = IRCSASL(.plain(user: "alice", password: Self.secret))
    let configuration = IRCClient.Configuration(nick: "alice", sasl: sasl)
    let client = IRCClient(configuration: configuration, at: .virtualEpoch)
    var dumps: [String] = []
    for value in [sasl.mechanism, sasl, configuration, client] as [Any] {
      var dumped = ""
      dump(value, to: &dumped)
      dumps += [dumped, "\(value)", String(reflecting: value)]
    }
    for text in dumps { #expect(!Self.leaks(text), "\(text)") }
    #expect(sasl.mechanism.description == "PLAIN as alice")
  }

  /// A whole authenticated run, the failure paths included: the password is in no line but
  /// the marked response, in no event, in no redacted line and in no dump of the client; the
  /// response itself is in nothing but its marked line.
  @Test(arguments: ["903", "904"])
  func anAuthenticatedRunShowsThePasswordNowhereButTheMarkedResponse(outcome: String) {
    var wire = IRCWire(
      .init(
        nick: "alice", channels: ["#chat"], pacing: .unlimited,
        sasl: IRCSASL(.plain(user: "alice", password: Self.secret), isRequired: outcome == "903")))
    let response = IRCBase64.encode(Array("alice\0alice\0\(Self.password)".utf8))
    var outputs: [IRCOutput] = []
    let script = [
      ":irc1.test CAP * LS :echo-message labeled-response sasl=PLAIN",
      ":irc1.test CAP alice ACK :sasl",
      "AUTHENTICATE +", "@time=2026-12-01T09:00:00.000Z AUTHENTICATE +",
      ":irc1.test 900 alice alice!alice@h alice :You are now logged in as alice",
      ":irc1.test \(outcome) alice :SASL done", ":irc1.test 001 alice :Welcome",
      ":alice!alice@h JOIN #chat", "PING :x",
    ]
    for line in script {
      wire.time = wire.time.advanced(byMilliseconds: 10)
      let output = wire.client.receive(line: line, at: wire.time)
      outputs.append(output)
      wire.take(output)
    }
    wire.user(.send(id: IRCWire.id(1), target: "#chat", text: "hello", isAction: false, label: nil))
    wire.user(.quit(reason: nil))
    #expect(wire.sensitive.map { wire.lines[$0] } == ["AUTHENTICATE " + response])
    var dumped = ""
    dump(wire.client, to: &dumped)
    let redacted = outputs.flatMap(\.redactedLines)
    let visible =
      wire.lines.indices.filter { !wire.sensitive.contains($0) }.map { wire.lines[$0] }
      + redacted + wire.events.map { "\($0)" } + wire.events.map { String(reflecting: $0) }
      + [dumped]
    for text in visible {
      #expect(!Self.leaks(text), "\(text)")
      #expect(!text.contains(response), "\(text)")
    }
    #expect(redacted.contains(IRCOutput.redactedResponse))
  }

  @Test func combinedOutputsKeepTheirSensitiveMarks() {
    var first = IRCOutput()
    first.lines = ["CAP END", "NICK a"]
    var second = IRCOutput()
    second.lines = ["AUTHENTICATE PLAIN"]
    second.appendSensitive("AUTHENTICATE eA==")
    first.append(second)
    #expect(first.sensitiveLines == [3])
    #expect(
      first.redactedLines == ["CAP END", "NICK a", "AUTHENTICATE PLAIN", "AUTHENTICATE <redacted>"])
  }
}
