import ChatScenario
import Testing

@Suite(.timeLimit(.minutes(10))) struct ScenarioErrorTests {
  /// Each malformed scenario, and the message `chat` prints for it (after `chat: `).
  @Test(arguments: [
    (
      "0ms | a\n12 | b",
      "s.chat:2: invalid time '12': expected milliseconds ('250ms') or seconds"
        + " ('1.250s'), optionally after '+', within 1000 years"
    ),
    (
      "1.2345s | a",
      "s.chat:1: invalid time '1.2345s': expected milliseconds ('250ms') or"
        + " seconds ('1.250s'), optionally after '+', within 1000 years"
    ),
    (
      "+-1s | a",
      "s.chat:1: invalid time '+-1s': expected milliseconds ('250ms') or seconds"
        + " ('1.250s'), optionally after '+', within 1000 years"
    ),
    (
      "99999999999999999999ms | a",
      "s.chat:1: invalid time '99999999999999999999ms': expected"
        + " milliseconds ('250ms') or seconds ('1.250s'), optionally after '+', within 1000 years"
    ),
    (
      "2s | a\n1s | b",
      "s.chat:2: time '1s' is before the previous entry's '2.000s': entries"
        + " must be in time order"
    ),
    (
      "1s",
      "s.chat:1: expected '| text', '\"text\"', 'end' or 'quit' after the time, found"
        + " nothing"
    ),
    (
      "1s hello",
      "s.chat:1: expected '| text', '\"text\"', 'end' or 'quit' after the time,"
        + " found 'hello'"
    ),
    ("1s \"abc", "s.chat:1: quoted text without its closing '\"'"),
    ("1s \"abc\\", "s.chat:1: quoted text without its closing '\"'"),
    ("1s \"a\" b", "s.chat:1: unexpected ' b' after the closing '\"'"),
    (
      "1s \"\\q\"",
      "s.chat:1: invalid escape '\\q': expected \\\\ \\\" \\0 \\e \\n \\r \\t or"
        + " \\u{hex}"
    ),
    (
      "1s \"\\u{D800}\"",
      "s.chat:1: invalid escape '\\u{D800}': expected \\\\ \\\" \\0 \\e \\n"
        + " \\r \\t or \\u{hex}"
    ),
    (
      "1s \"\\u{1234567}\"",
      "s.chat:1: invalid escape '\\u{1234567}': expected \\\\ \\\" \\0 \\e"
        + " \\n \\r \\t or \\u{hex}"
    ),
    (
      "1s \"\\u41\"",
      "s.chat:1: invalid escape '\\u41\"': expected \\\\ \\\" \\0 \\e \\n \\r \\t"
        + " or \\u{hex}"
    ),
    (
      "hello there",
      "s.chat:1: unknown setting 'hello': expected seed, name, peer, width, faults or"
        + " burst (a recording: server, channels, sasl, sasl-optional, tls-insecure,"
        + " keep-listening, line-mode, pacing, history, bot, monitor, sts-upgraded-from,"
        + " tls-awaits-upgrade, tls-fingerprint, start, utc-offset), or an entry starting with a"
        + " time"
    ),
    // Recordings: link entries need a server, and the server rules out the simulated peer.
    (
      "0ms < :irc.test 001 bot :hi",
      "s.chat:1: a link entry ('<', '>', connecting, connected, closed, failed, gave-up,"
        + " hung-up, oversized, overflowing) needs a 'server' setting: only a"
        + " recording has them"
    ),
    (
      "channels #a\n0ms | hi",
      "s.chat:1: setting 'channels' needs a 'server' setting: only a recording takes it"
    ),
    (
      "server irc://127.0.0.1:6667\npeer Bob",
      "s.chat:2: setting 'peer' is the simulated peer's: a recording (with a 'server') cannot"
        + " take it"
    ),
    (
      "server irc://127.0.0.1\n",
      "s.chat:1: invalid server 'irc://127.0.0.1': expected irc://HOST:PORT or"
        + " ircs://HOST:PORT"
    ),
    (
      "server irc://h:1\nstart 2026-12-01 14:00",
      "s.chat:2: invalid start '2026-12-01 14:00': expected a UTC time such as"
        + " 2026-12-01T14:00:00.000Z"
    ),
    (
      "server irc://h:1\nsasl PLAIN",
      "s.chat:2: invalid sasl 'PLAIN': expected PLAIN USER, ECDSA-NIST256P-CHALLENGE USER or EXTERNAL"
    ),
    (
      "server irc://h:1\n0ms connecting\n1ms connected now",
      "s.chat:3: expected '| text', '\"text\"', 'end' or 'quit' after the time, found"
        + " 'connected now'"
    ),
    // The header's server is read by the one URL parser, as chat writes it: port spelled
    // out, no channels (they have their own setting).
    (
      "server irc://h:1/#chat\n",
      "s.chat:1: invalid server 'irc://h:1/#chat': expected irc://HOST:PORT or"
        + " ircs://HOST:PORT"
    ),
    (
      "server irc://h..x:1\n",
      "s.chat:1: invalid server 'irc://h..x:1': expected irc://HOST:PORT or ircs://HOST:PORT"
    ),
    // One CA and one certificate at most wait for an upgrade.
    (
      "server irc://h:1\ntls-awaits-upgrade --tls-ca tls-ca\n",
      "s.chat:2: invalid tls-awaits-upgrade '--tls-ca tls-ca': expected --tls-ca or tls-ca,"
        + " --tls-cert or tls-cert, space-separated"
    ),
    // `held` went when `reached` replaced it: it is an unknown entry like any other.
    (
      "server irc://h:1\n0ms connecting\n1ms held 1\n1ms | hi",
      "s.chat:3: expected '| text', '\"text\"', 'end' or 'quit' after the time, found"
        + " 'held 1'"
    ),
    (
      "server irc://h:1\n0ms <\"unterminated",
      "s.chat:2: quoted text without its closing '\"'"
    ),
    (
      "server irc://h:1\n0ms oversized lots",
      "s.chat:2: invalid oversized 'lots': expected a byte count"
    ),
    (
      "server irc://h:1\n0ms end\n1ms < PING :x\n2ms | typed after the end",
      "s.chat:4: nothing can be typed after 'end' (line 2); only 'quit' may follow it"
    ),
    ("seed 1\n\nseed 2", "s.chat:3: duplicate setting 'seed' (first set on line 1)"),
    ("0ms | a\nname Z", "s.chat:2: setting 'name' after the first entry: settings go at the top"),
    ("seed", "s.chat:1: missing value for setting 'seed'"),
    ("peer   ", "s.chat:1: missing value for setting 'peer'"),
    ("seed -1", "s.chat:1: invalid seed '-1': expected a whole number"),
    (
      "seed 18446744073709551616",
      "s.chat:1: invalid seed '18446744073709551616': expected a"
        + " whole number"
    ),
    ("width 0", "s.chat:1: invalid width '0': expected a whole number from 1 to 1000, or none"),
    ("width +40", "s.chat:1: invalid width '+40': expected a whole number from 1 to 1000, or none"),
    ("name \"\"", "s.chat:1: invalid name '': expected a name that is not blank"),
    ("peer \"   \"", "s.chat:1: invalid peer '   ': expected a name that is not blank"),
    (
      "-5ms | b",
      "s.chat:1: invalid time '-5ms': expected milliseconds ('250ms') or seconds"
        + " ('1.250s'), optionally after '+', within 1000 years"
    ),
    (
      ".5s | a",
      "s.chat:1: invalid time '.5s': expected milliseconds ('250ms') or seconds"
        + " ('1.250s'), optionally after '+', within 1000 years"
    ),
    (
      "0ms | a\n1s quit\n2s | b",
      "s.chat:3: nothing can be typed after 'quit' (line 2); only 'quit' may follow it"
    ),
    (
      "0ms | a\n1s quit\n2s end",
      "s.chat:3: nothing can be typed after 'quit' (line 2); only 'quit' may follow it"
    ),
    (
      "1s end\n2s quit\n3s | late",
      "s.chat:3: nothing can be typed after 'quit' (line 2); only 'quit' may follow it"
    ),
    (
      "0ms | a\n1s end\n2s | b",
      "s.chat:3: nothing can be typed after 'end' (line 2); only"
        + " 'quit' may follow it"
    ),
    (
      "1s end\n1s end",
      "s.chat:2: nothing can be typed after 'end' (line 1); only 'quit' may"
        + " follow it"
    ),
  ])
  func malformedScenariosNameFileLineAndProblem(text: String, message: String) {
    #expect(throws: ScenarioError.self) {
      try ScenarioParser.parse(Array(text.utf8), file: "s.chat")
    }
    do {
      _ = try ScenarioParser.parse(Array(text.utf8), file: "s.chat")
    } catch {
      #expect(error.description == message)
    }
  }

  @Test func errorsCarryTheLineAndTheProblemAsValues() {
    #expect(
      throws: ScenarioError.malformed(
        file: "f", line: 2, problem: .duplicateSetting("seed", firstLine: 1))
    ) {
      try ScenarioParser.parse(Array("seed 1\r\nseed 2\r\n".utf8), file: "f")
    }
  }

  @Test func hostileAndHugeValuesAreQuotedSafelyAndShort() {
    let hostile = "\u{1B}]0;pwned\u{7}" + String(repeating: "x", count: 5000)
    do {
      _ = try ScenarioParser.parse(Array("1s \(hostile)".utf8), file: "h.chat")
      Issue.record("expected an error")
    } catch {
      #expect(!error.description.unicodeScalars.contains { $0.value < 0x20 })
      #expect(error.description.count < 200)
      #expect(error.description.contains("␛]0;pwned␇"))
      #expect(error.description.contains("…'"))
    }
  }

  @Test func missingAndUnreadableFiles() {
    #expect(throws: ScenarioError.missingFile(path: "/nonexistent/x.chat")) {
      try Scenario(contentsOfFile: "/nonexistent/x.chat")
    }
    #expect(
      ScenarioError.missingFile(path: "x.chat").description
        == "cannot read scenario 'x.chat': no such file")
    #expect(throws: ScenarioError.unreadableFile(path: "/", reason: "is a directory")) {
      try Scenario(contentsOfFile: "/")
    }
  }
}
