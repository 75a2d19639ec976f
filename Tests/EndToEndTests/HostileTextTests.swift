import Foundation
import Glibc
import IRCTestRequirements
import IRCTestSupport
import Testing

/// The hostile-server battery, part two: text that would act on the terminal or break the
/// parser. See `HostileServerTests`.
@Suite(.ownThread, .serialized, .timeLimit(.minutes(10)))
struct HostileTextTests {
  static let channel = HostileRun.channel
  static let bob = ":bob!bob@127.0.0.1"

  static let clear = "\u{1B}[2J\u{1B}[H"
  static let title = "\u{1B}]0;pwned\u{07}"
  static let clipboard = "\u{1B}]52;c;cHduZWQ=\u{07}"
  static let c1 = "\u{9B}2J"
  static let bidi = "\u{202E}evil\u{202C}"
  static let isolate = "\u{2066}rtl\u{2069}"
  static let statusReport = "\u{1B}[6n"

  /// Nicks, channel names, topics, reasons and messages full of escapes, C1 and bidi
  /// controls, from every place a server can put them.
  static let hostileLines = [
    ":hostile.test 332 alice \(channel) :topic \(title)\(bidi)",
    ":\(clear)mallory!m@127.0.0.1 JOIN \(channel)",
    ":\(clipboard)mal!m@127.0.0.1 PRIVMSG \(channel) :hello \(c1) \(statusReport) \(isolate)",
    ":mal!m@127.0.0.1 TOPIC \(channel) :\(clipboard)\(isolate)",
    ":\(bidi)eve!e@127.0.0.1 JOIN \(channel)",
    ":\(bidi)eve!e@127.0.0.1 PART \(channel) :gone \(title)",
    ":\(title)zed!z@127.0.0.1 QUIT :bye \(clipboard)\(c1)",
    ":mal!m@127.0.0.1 KICK \(channel) mallory :out \(clear)",
    ":alice!user@127.0.0.1 JOIN #\(bidi)\(title)",
    ":mal!m@127.0.0.1 PRIVMSG #\(bidi)\(title) :in the hostile channel \(clear)",
    ":hostile.test 404 alice \(channel) :Cannot send \(title)\(c1)",
    ":hostile.test NOTICE alice :the server says \(clipboard)",
    ":mal!m@127.0.0.1 PRIVMSG alice :\u{1}ACTION waves \(clipboard)\u{1}",
    "\(bob) PRIVMSG \(channel) :marker after the hostile text",
  ]

  @Test func escapesC1AndBidiControlsFromTheServerAreShownNotObeyed() throws {
    let server = try ScriptedServer { connection in
      try connection.acceptJoin(Self.channel)
      try connection.send(lines: Self.hostileLines)
      connection.listen(for: 60)
    }
    defer { server.stop() }
    let run = try HostileRun(server)
    defer { run.stop() }
    run.expectShown("marker after the hostile text")
    let shown = run.shownText
    for standIn in [
      "␛]52;c;cHduZWQ=␇", "␛]0;pwned␇", "<U+009B>2J", "<U+202E>evil<U+202C>",
      "<U+2066>rtl<U+2069>", "␛[2J␛[Hmallory", "␛[6n",
    ] {
      #expect(shown.contains(standIn), "no \(standIn) shown\n\(run.terminal.report)")
    }
    #expect(shown.contains("Cannot send"), "the server's error is not shown")
    run.expectSurvived("escapes, C1 and bidi in names and texts", peakBelowKilobytes: 64 * 1024)
  }

  /// The same lines to a JSON-lines run: every record is one line of JSON with the text
  /// escaped, and nothing raw reaches standard output or error.
  @Test func escapesFromTheServerStayEscapedInJSONLines() throws {
    let server = try ScriptedServer { connection in
      try connection.acceptJoin(Self.channel)
      try connection.send(lines: Self.hostileLines)
      connection.listen(for: 60)
    }
    defer { server.stop() }
    let home = try ScratchFolder()
    defer { home.remove() }
    let chat = try RunningChat(
      [
        "--server", "irc://127.0.0.1:\(server.port)/\(Self.channel)", "--name", "alice",
        "--renderer", "jsonl", "--keep-listening",
      ], environment: home.environment())
    defer { chat.stop() }
    #expect(
      chat.waitFor(within: 30) { $0.contains("marker after the hostile text") }, "\(chat.stdout)")
    let peak = ProcessMemory.peakKilobytes(of: chat.pid)
    print("hostile battery: escapes in JSON lines: peak memory (VmHWM) \(peak ?? -1) KiB")
    #expect((peak ?? 0) < 64 * 1024)
    let output = chat.stdout
    for line in output.split(separator: "\n") {
      #expect(
        (try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "not JSON: \(line)")
    }
    #expect(output.contains(#"\u001B]52;c;cHduZWQ=\u0007"#), "\(output)")
    for text in [output, chat.stderr] {
      #expect(
        !text.unicodeScalars.contains {
          $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value)
        })
    }
    #expect(chat.isRunning)
  }

  /// Tags that break the rules: empty, without a command, trailing backslashes, odd keys,
  /// over 8,191 bytes, escapes in values. What cannot be read is ignored and said so; what
  /// can be is shown; nothing is obeyed.
  @Test func malformedTagsAreIgnoredOrReadAndTheRestArrives() throws {
    let server = try ScriptedServer { connection in
      try connection.acceptJoin(Self.channel)
      try connection.send(lines: [
        "@",
        "@a=b",
        "@ \(Self.bob) PRIVMSG \(Self.channel) :empty tags",
        "@a=b\\ \(Self.bob) PRIVMSG \(Self.channel) :trailing backslash in a tag",
        "@=v;;;=;k= \(Self.bob) PRIVMSG \(Self.channel) :odd tag keys",
        "@a=\\\\\\:\\s\\r\\n\\x \(Self.bob) PRIVMSG \(Self.channel) :escaped tag value",
        "@time=yesterday;msgid= \(Self.bob) PRIVMSG \(Self.channel) :a bad time tag",
        "@batch=nowhere;label=zzz \(Self.bob) PRIVMSG \(Self.channel) :an unknown batch",
        "@+draft/reply=\u{1B}]52;c;eA==\u{07} \(Self.bob) PRIVMSG \(Self.channel) :escape in a tag",
        "@k=" + String(repeating: "x", count: 9000) + " \(Self.bob) PRIVMSG \(Self.channel) :huge",
        "@a=b;a=c;a \(Self.bob) PRIVMSG \(Self.channel) :repeated keys",
        "\(Self.bob) PRIVMSG \(Self.channel) :marker after the malformed tags",
      ])
      connection.listen(for: 60)
    }
    defer { server.stop() }
    let run = try HostileRun(server)
    defer { run.stop() }
    run.expectShown("marker after the malformed tags")
    let shown = run.shownText
    #expect(shown.contains("ignored"), "no notice of the ignored lines\n\(run.terminal.report)")
    #expect(shown.contains("escaped tag value") && shown.contains("repeated keys"))
    run.expectSurvived("malformed tags", peakBelowKilobytes: 64 * 1024)
  }

  /// NUL inside a line (which no line may hold: it becomes U+FFFD, as invalid UTF-8 does, so
  /// the message still arrives) and invalid UTF-8 (stray bytes, an overlong form, a surrogate, a code
  /// point past U+10FFFF, a sequence cut by the line end) in texts and nicks.
  @Test func nulAndInvalidUTF8AreShownAsStandIns() throws {
    let server = try ScriptedServer { connection in
      try connection.acceptJoin(Self.channel)
      let prefix = Array("\(Self.bob) PRIVMSG \(Self.channel) :".utf8)
      var bytes: [UInt8] = []
      bytes += prefix + Array("nul".utf8) + [0] + Array("here".utf8) + [13, 10]
      bytes += prefix + Array("bad ".utf8) + [0xFF, 0xFE, 0x20, 0xC0, 0xAF, 0x20, 0xED, 0xA0, 0x80]
      bytes += [0x20, 0xF4, 0x90, 0x80, 0x80] + Array(" end".utf8) + [13, 10]
      bytes +=
        Array(":b".utf8) + [0xFF]
        + Array("b!b@127.0.0.1 PRIVMSG \(Self.channel) :from a bad nick".utf8)
      bytes += [13, 10] + prefix + Array("cut ".utf8) + [0xE2, 0x82, 13, 10]
      bytes += Array("\(Self.bob) PRIVMSG \(Self.channel) :marker after the bad bytes\r\n".utf8)
      try connection.send(bytes: bytes)
      connection.listen(for: 60)
    }
    defer { server.stop() }
    let run = try HostileRun(server)
    defer { run.stop() }
    run.expectShown("marker after the bad bytes")
    let shown = run.shownText
    #expect(shown.contains("nul\u{FFFD}here"), "\(run.terminal.report)")
    #expect(shown.contains("bad \u{FFFD}"), "\(run.terminal.report)")
    #expect(shown.contains("from a bad nick") && shown.contains("cut \u{FFFD}"))
    run.expectSurvived("NUL and invalid UTF-8", peakBelowKilobytes: 64 * 1024)
  }
}
