import ChatCore
import ChatRendering
import ChatScenario
import JSONLinesRenderer
import Testing

@testable import ChatCommandLine

/// A paced line and its echo in the same millisecond: live wrote the line, then read its
/// echo; the replay must too, or the echo finds no message of ours and the message fails.
@Suite(.timeLimit(.minutes(10))) struct ReplaySameMillisecondTests {
  /// Recorded live against InspIRCd (CI, 2026-12-02): `PRIVMSG` written at 2.000 s as the
  /// pacing allowed, its labelled echo read at 2.000 s too.
  static let recording = """
    # Recorded with chat --record: what the server sent (<), what chat wrote (>, for the reader), the connection, and what you typed (|).
    # Play it back: chat --scenario <this file>
    seed 3817522940529145872
    name plain
    server irc://127.0.0.1:35737
    channels #plain
    tls-awaits-upgrade --tls-ca
    start 2026-12-02T01:53:20.233Z
    utc-offset 0

    0.000s connecting
    0.000s reached 3
    0.000s connected
    0.000s > CAP LS 302
    0.000s > NICK plain
    0.000s > USER plain 0 * chat
    0.065s <":irc1.test CAP * LS :account-notify account-tag away-notify batch cap-notify chghost echo-message extended-join inspircd.org/poison inspircd.org/standard-replies invite-notify labeled-response message-tags multi-prefix server-time setname userhost-in-names "
    0.065s > CAP REQ :echo-message message-tags server-time labeled-response batch away-notify
    0.073s < @time=2026-12-02T01:53:20.299Z :irc1.test CAP plain ACK :echo-message message-tags server-time labeled-response batch away-notify
    0.073s > CAP END
    1.090s < @time=2026-12-02T01:53:21.323Z :irc1.test 001 plain :Welcome to the ChatTest IRC Network plain!plain@127.0.0.1
    1.090s > JOIN #plain
    1.090s < @time=2026-12-02T01:53:21.323Z :irc1.test 002 plain :Your host is irc1.test, running version InspIRCd-3
    1.090s < @time=2026-12-02T01:53:21.323Z :irc1.test 003 plain :This server was created 01:53:20 Dec 02 2026
    1.090s < @time=2026-12-02T01:53:21.323Z :irc1.test 004 plain irc1.test InspIRCd-3 Riorsw HMRbiklmnoprstv :Hbklov
    1.090s < @time=2026-12-02T01:53:21.323Z :irc1.test 005 plain AWAYLEN=200 CASEMAPPING=rfc1459 CHANLIMIT=#:20 CHANMODES=b,k,Hl,MRimnprst CHANNELLEN=64 CHANTYPES=# ELIST=CMNTU EXTBAN=,RU HOSTLEN=64 KEYLEN=32 KICKLEN=255 LINELEN=512 :are supported by this server
    1.090s < @time=2026-12-02T01:53:21.323Z :irc1.test 005 plain MAXLIST=b:100 MAXTARGETS=20 MODES=20 NAMELEN=128 NAMESX NETWORK=ChatTest NICKLEN=30 PREFIX=(ov)@+ SAFELIST STATUSMSG=@+ TOPICLEN=307 UHNAMES USERLEN=10 :are supported by this server
    1.090s < @time=2026-12-02T01:53:21.323Z :irc1.test 005 plain USERMODES=,,s,Riorw WHOX :are supported by this server
    1.090s < @time=2026-12-02T01:53:21.323Z :irc1.test 251 plain :There are 0 users and 0 invisible on 1 servers
    1.090s < @time=2026-12-02T01:53:21.323Z :irc1.test 253 plain 1 :unknown connections
    1.090s < @time=2026-12-02T01:53:21.323Z :irc1.test 254 plain 0 :channels formed
    1.090s < @time=2026-12-02T01:53:21.323Z :irc1.test 255 plain :I have 0 clients and 0 servers
    1.090s < @time=2026-12-02T01:53:21.323Z :irc1.test 265 plain :Current local users: 0  Max: 0
    1.090s < @time=2026-12-02T01:53:21.323Z :irc1.test 266 plain :Current global users: 0  Max: 0
    1.090s < @time=2026-12-02T01:53:21.323Z :irc1.test 422 plain :Message of the day file is missing.
    1.097s < @time=2026-12-02T01:53:21.328Z :plain!plain@127.0.0.1 JOIN :#plain
    1.097s < @time=2026-12-02T01:53:21.328Z :irc1.test 353 plain = #plain :@plain
    1.097s < @time=2026-12-02T01:53:21.328Z :irc1.test 366 plain #plain :End of /NAMES list.
    1.097s | in the clear
    1.097s end
    2.000s > @label=chat-1 PRIVMSG #plain :in the clear
    2.000s < @time=2026-12-02T01:53:22.233Z;msgid=1AA~1796176400~0;label=chat-1;inspircd.org/echo :plain!plain@127.0.0.1 PRIVMSG #plain :in the clear
    3.001s > QUIT chat
    3.001s < @time=2026-12-02T01:53:23.233Z ERROR :Closing link: (plain@127.0.0.1) [chat]

    """

  @Test func aLineWrittenAndEchoedInOneMillisecondIsDeliveredInTheReplay() throws {
    let scenario = try ScenarioParser.parse(Array(Self.recording.utf8), file: "same-ms.chat")
    let jsonl = MemorySink()
    let ending = try ChatCommand.play(
      scenario, renderers: [StreamRenderer(JSONLinesFormatter(), sink: jsonl)])
    let output = String(decoding: jsonl.bytes, as: UTF8.self)
    #expect(ending.outcome == .completed)
    #expect(ending.state.failed.isEmpty, "\(output)")
    #expect(ending.state.exitStatus == 0, "\(output)")
    #expect(output.contains(#""text":"in the clear","time":"2026-12-02T01:53:22.233Z","own":true"#))
  }
}
