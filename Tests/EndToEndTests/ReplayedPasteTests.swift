import ChatCore
import ChatRendering
import ChatScenario
import Foundation
import JSONLinesRenderer
import Testing

@testable import ChatCommandLine

/// Twenty lines pasted at the prompt in line mode, against InspIRCd: readline takes a key a
/// turn, so the lines reach the core one turn apart, often two in one millisecond, with the
/// session's actions (a report of the lines queued for pacing, echoes) between them. The
/// recording says where (`reached` between two lines of one instant), and the replay types
/// those lines apart, so each `sent` and `message` comes in the live order.
@Suite(.timeLimit(.minutes(10))) struct ReplayedPasteTests {
  /// Recorded live with `--record` (line mode through a pseudo-terminal, InspIRCd, default
  /// pacing): the paste went out at 7.085 s; the first five lines went at once, the rest
  /// one a second.
  static let recording = #"""
    # Recorded with chat --record: what the server sent (<), what chat wrote (>, for the reader), the connection, and what you typed (|).
    # Play it back: chat --scenario <this file>
    seed 41
    name bot41
    server irc://127.0.0.1:46667
    channels #room41
    line-mode yes
    start 2026-12-02T08:23:04.329Z
    utc-offset 0

    0.001s connecting
    0.003s connected
    0.003s > CAP LS 302
    0.003s > NICK bot41
    0.003s > USER bot41 0 * chat
    0.003s <":irc1.test CAP * LS :account-notify account-tag away-notify batch cap-notify chghost echo-message extended-join inspircd.org/poison inspircd.org/standard-replies invite-notify labeled-response message-tags multi-prefix server-time setname userhost-in-names "
    0.003s > CAP REQ :echo-message message-tags server-time labeled-response batch away-notify
    0.007s < @time=2026-12-02T08:23:04.336Z :irc1.test CAP bot41 ACK :echo-message message-tags server-time labeled-response batch away-notify
    0.007s > CAP END
    1.008s < @time=2026-12-02T08:23:05.338Z :irc1.test 001 bot41 :Welcome to the ChatTest IRC Network bot41!bot41@127.0.0.1
    1.008s > JOIN #room41
    1.008s < @time=2026-12-02T08:23:05.338Z :irc1.test 002 bot41 :Your host is irc1.test, running version InspIRCd-3
    1.008s < @time=2026-12-02T08:23:05.338Z :irc1.test 003 bot41 :This server was created 07:44:39 Dec 02 2026
    1.008s < @time=2026-12-02T08:23:05.338Z :irc1.test 004 bot41 irc1.test InspIRCd-3 iosw Hbiklmnopstv :Hbklov
    1.008s < @time=2026-12-02T08:23:05.338Z :irc1.test 005 bot41 AWAYLEN=200 CASEMAPPING=rfc1459 CHANLIMIT=#:20 CHANMODES=b,k,Hl,imnpst CHANNELLEN=64 CHANTYPES=# ELIST=CMNTU HOSTLEN=64 KEYLEN=32 KICKLEN=255 LINELEN=512 MAXLIST=b:100 :are supported by this server
    1.008s < @time=2026-12-02T08:23:05.338Z :irc1.test 005 bot41 MAXTARGETS=20 MODES=20 NAMELEN=128 NAMESX NETWORK=ChatTest NICKLEN=30 PREFIX=(ov)@+ SAFELIST STATUSMSG=@+ TOPICLEN=307 UHNAMES USERLEN=10 USERMODES=,,s,iow :are supported by this server
    1.008s < @time=2026-12-02T08:23:05.338Z :irc1.test 005 bot41 WHOX :are supported by this server
    1.008s < @time=2026-12-02T08:23:05.338Z :irc1.test 251 bot41 :There are 0 users and 0 invisible on 1 servers
    1.008s < @time=2026-12-02T08:23:05.338Z :irc1.test 253 bot41 1 :unknown connections
    1.008s < @time=2026-12-02T08:23:05.338Z :irc1.test 254 bot41 0 :channels formed
    1.008s < @time=2026-12-02T08:23:05.338Z :irc1.test 255 bot41 :I have 0 clients and 0 servers
    1.008s < @time=2026-12-02T08:23:05.338Z :irc1.test 265 bot41 :Current local users: 0  Max: 2
    1.008s < @time=2026-12-02T08:23:05.338Z :irc1.test 266 bot41 :Current global users: 0  Max: 2
    1.008s < @time=2026-12-02T08:23:05.338Z :irc1.test 422 bot41 :Message of the day file is missing.
    1.014s < @time=2026-12-02T08:23:05.339Z :bot41!bot41@127.0.0.1 JOIN :#room41
    1.014s < @time=2026-12-02T08:23:05.339Z :irc1.test 353 bot41 = #room41 :@bot41
    1.014s < @time=2026-12-02T08:23:05.339Z :irc1.test 366 bot41 #room41 :End of /NAMES list.
    7.085s | line 0 of the paste
    7.085s > @label=chat-1 PRIVMSG #room41 :line 0 of the paste
    7.086s < @time=2026-12-02T08:23:11.415Z;msgid=1AA~1796197479~573;label=chat-1;inspircd.org/echo :bot41!bot41@127.0.0.1 PRIVMSG #room41 :line 0 of the paste
    7.094s reached 8
    7.094s | line 1 of the paste
    7.094s > @label=chat-2 PRIVMSG #room41 :line 1 of the paste
    7.095s | line 2 of the paste
    7.095s > @label=chat-3 PRIVMSG #room41 :line 2 of the paste
    7.095s | line 3 of the paste
    7.095s > @label=chat-4 PRIVMSG #room41 :line 3 of the paste
    7.096s | line 4 of the paste
    7.096s > @label=chat-5 PRIVMSG #room41 :line 4 of the paste
    7.096s | line 5 of the paste
    7.097s | line 6 of the paste
    7.097s reached 11
    7.097s | line 7 of the paste
    7.102s < @time=2026-12-02T08:23:11.427Z;msgid=1AA~1796197479~574;label=chat-2;inspircd.org/echo :bot41!bot41@127.0.0.1 PRIVMSG #room41 :line 1 of the paste
    7.102s < @time=2026-12-02T08:23:11.427Z;msgid=1AA~1796197479~575;label=chat-3;inspircd.org/echo :bot41!bot41@127.0.0.1 PRIVMSG #room41 :line 2 of the paste
    7.102s < @time=2026-12-02T08:23:11.427Z;msgid=1AA~1796197479~576;label=chat-4;inspircd.org/echo :bot41!bot41@127.0.0.1 PRIVMSG #room41 :line 3 of the paste
    7.102s < @time=2026-12-02T08:23:11.427Z;msgid=1AA~1796197479~577;label=chat-5;inspircd.org/echo :bot41!bot41@127.0.0.1 PRIVMSG #room41 :line 4 of the paste
    7.103s reached 12
    7.103s | line 8 of the paste
    7.104s | line 9 of the paste
    7.104s reached 18
    7.104s | line 10 of the paste
    7.105s | line 11 of the paste
    7.105s reached 20
    7.105s | line 12 of the paste
    7.114s | line 13 of the paste
    7.115s | line 14 of the paste
    7.116s | line 15 of the paste
    7.116s reached 24
    7.116s | line 16 of the paste
    7.117s | line 17 of the paste
    7.117s reached 26
    7.117s | line 18 of the paste
    7.126s | line 19 of the paste
    8.086s > @label=chat-6 PRIVMSG #room41 :line 5 of the paste
    8.087s < @time=2026-12-02T08:23:12.416Z;msgid=1AA~1796197479~578;label=chat-6;inspircd.org/echo :bot41!bot41@127.0.0.1 PRIVMSG #room41 :line 5 of the paste
    9.088s > @label=chat-7 PRIVMSG #room41 :line 6 of the paste
    9.088s < @time=2026-12-02T08:23:13.418Z;msgid=1AA~1796197479~579;label=chat-7;inspircd.org/echo :bot41!bot41@127.0.0.1 PRIVMSG #room41 :line 6 of the paste
    10.089s > @label=chat-8 PRIVMSG #room41 :line 7 of the paste
    10.090s < @time=2026-12-02T08:23:14.419Z;msgid=1AA~1796197479~580;label=chat-8;inspircd.org/echo :bot41!bot41@127.0.0.1 PRIVMSG #room41 :line 7 of the paste
    11.086s > @label=chat-9 PRIVMSG #room41 :line 8 of the paste
    11.090s < @time=2026-12-02T08:23:15.420Z;msgid=1AA~1796197479~581;label=chat-9;inspircd.org/echo :bot41!bot41@127.0.0.1 PRIVMSG #room41 :line 8 of the paste
    12.090s > @label=chat-10 PRIVMSG #room41 :line 9 of the paste
    12.091s < @time=2026-12-02T08:23:16.420Z;msgid=1AA~1796197479~582;label=chat-10;inspircd.org/echo :bot41!bot41@127.0.0.1 PRIVMSG #room41 :line 9 of the paste
    13.090s > @label=chat-11 PRIVMSG #room41 :line 10 of the paste
    13.091s < @time=2026-12-02T08:23:17.420Z;msgid=1AA~1796197479~583;label=chat-11;inspircd.org/echo :bot41!bot41@127.0.0.1 PRIVMSG #room41 :line 10 of the paste
    13.091s reached 39
    13.091s end
    14.090s > @label=chat-12 PRIVMSG #room41 :line 11 of the paste
    14.090s < @time=2026-12-02T08:23:18.420Z;msgid=1AA~1796197479~584;label=chat-12;inspircd.org/echo :bot41!bot41@127.0.0.1 PRIVMSG #room41 :line 11 of the paste
    15.090s > @label=chat-13 PRIVMSG #room41 :line 12 of the paste
    15.090s < @time=2026-12-02T08:23:19.420Z;msgid=1AA~1796197479~585;label=chat-13;inspircd.org/echo :bot41!bot41@127.0.0.1 PRIVMSG #room41 :line 12 of the paste
    16.087s > @label=chat-14 PRIVMSG #room41 :line 13 of the paste
    16.088s < @time=2026-12-02T08:23:20.418Z;msgid=1AA~1796197479~586;label=chat-14;inspircd.org/echo :bot41!bot41@127.0.0.1 PRIVMSG #room41 :line 13 of the paste
    17.089s > @label=chat-15 PRIVMSG #room41 :line 14 of the paste
    17.090s < @time=2026-12-02T08:23:21.419Z;msgid=1AA~1796197479~587;label=chat-15;inspircd.org/echo :bot41!bot41@127.0.0.1 PRIVMSG #room41 :line 14 of the paste
    18.104s > @label=chat-16 PRIVMSG #room41 :line 15 of the paste
    18.105s < @time=2026-12-02T08:23:22.435Z;msgid=1AA~1796197479~588;label=chat-16;inspircd.org/echo :bot41!bot41@127.0.0.1 PRIVMSG #room41 :line 15 of the paste
    19.089s > @label=chat-17 PRIVMSG #room41 :line 16 of the paste
    19.090s < @time=2026-12-02T08:23:23.419Z;msgid=1AA~1796197479~589;label=chat-17;inspircd.org/echo :bot41!bot41@127.0.0.1 PRIVMSG #room41 :line 16 of the paste
    20.086s > @label=chat-18 PRIVMSG #room41 :line 17 of the paste
    20.090s < @time=2026-12-02T08:23:24.416Z;msgid=1AA~1796197479~590;label=chat-18;inspircd.org/echo :bot41!bot41@127.0.0.1 PRIVMSG #room41 :line 17 of the paste
    21.087s > @label=chat-19 PRIVMSG #room41 :line 18 of the paste
    21.088s < @time=2026-12-02T08:23:25.417Z;msgid=1AA~1796197479~591;label=chat-19;inspircd.org/echo :bot41!bot41@127.0.0.1 PRIVMSG #room41 :line 18 of the paste
    22.090s > @label=chat-20 PRIVMSG #room41 :line 19 of the paste
    22.091s < @time=2026-12-02T08:23:26.420Z;msgid=1AA~1796197479~592;label=chat-20;inspircd.org/echo :bot41!bot41@127.0.0.1 PRIVMSG #room41 :line 19 of the paste
    23.086s > QUIT chat
    23.087s < @time=2026-12-02T08:23:27.416Z ERROR :Closing link: (bot41@127.0.0.1) [chat]

    """#

  /// The order live printed its `sent` and `message` lines in (each named by its line's
  /// number in the paste).
  static let liveOrder =
    [
      "sent 0", "sent 1", "message 0", "sent 2", "sent 3", "sent 4", "sent 5", "sent 6", "sent 7",
      "sent 8", "message 1", "message 2", "message 3", "message 4", "sent 9", "sent 10",
      "sent 11", "sent 12", "sent 13", "sent 14", "sent 15", "sent 16", "sent 17", "sent 18",
      "sent 19",
    ] + (5...19).map { "message \($0)" }

  @Test func aPasteReplaysItsSentAndMessageLinesInTheLiveOrder() throws {
    let scenario = try ScenarioParser.parse(Array(Self.recording.utf8), file: "paste.chat")
    let jsonl = MemorySink()
    let ending = try ChatCommand.play(
      scenario, renderers: [StreamRenderer(JSONLinesFormatter(), sink: jsonl)])
    let output = String(decoding: jsonl.bytes, as: UTF8.self)
    #expect(ending.outcome == .completed)
    #expect(ending.state.exitStatus == 0, "\(output)")
    var order: [String] = []
    for line in output.split(separator: "\n") {
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      guard let type = object?["type"] as? String, type == "sent" || type == "message",
        let text = object?["text"] as? String
      else { continue }
      order.append(
        type + " "
          + text.replacingOccurrences(of: "line ", with: "")
          .replacingOccurrences(of: " of the paste", with: ""))
    }
    #expect(order == Self.liveOrder, "\(output)")
    #expect(
      output.hasSuffix(#"{"type":"end","seq":48,"messages":20,"failed":0,"pending":0}"# + "\n"))
  }
}
