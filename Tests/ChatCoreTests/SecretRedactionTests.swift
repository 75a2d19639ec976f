import ChatCore
import Testing

/// What a recording, the input history and a log keep of a line that carries a secret.
@Suite(.timeLimit(.minutes(10))) struct SecretRedactionTests {
  @Test(arguments: [
    ("PASS hunter2", "PASS <redacted>"),
    ("pass hunter2", "PASS <redacted>"),
    ("@label=x PASS :hunter2", "PASS <redacted>"),
    ("AUTHENTICATE aGVsbG8=", "AUTHENTICATE <redacted>"),
    ("OPER admin hunter2", "OPER admin <redacted>"),
    ("NICKSERV IDENTIFY hunter2", "NICKSERV <redacted>"),
    ("NS IDENTIFY alice hunter2", "NS <redacted>"),
    ("PRIVMSG NickServ :IDENTIFY hunter2", "PRIVMSG NickServ <redacted>"),
    ("NOTICE nickserv@services.test :IDENTIFY hunter2", "NOTICE nickserv@services.test <redacted>"),
    ("JOIN #vault hunter2", "JOIN #vault <redacted>"),
  ])
  func aRawLineWithASecretKeepsOnlyItsCommand(line: String, redacted: String) {
    #expect(SecretRedaction.redacted(rawLine: line) == redacted)
    #expect(!redacted.contains("hunter2"))
  }

  @Test(arguments: [
    "PRIVMSG #chat :PASS hunter2", "JOIN #open", "OPER admin", "PASS", "VERSION", "",
    "PRIVMSG NickServ", "WHOIS nickserv",
  ])
  func aRawLineWithoutASecretIsKept(line: String) {
    #expect(SecretRedaction.redacted(rawLine: line) == nil)
  }

  @Test(arguments: [
    ("/quote PASS hunter2", "/quote PASS <redacted>"),
    ("/QUOTE oper admin hunter2", "/QUOTE OPER admin <redacted>"),
    ("/join #vault hunter2", "/join #vault <redacted>"),
    ("/j #a,#b k1,k2", "/j #a,#b <redacted>"),
  ])
  func aTypedLineWithASecretIsRedacted(line: String, redacted: String) {
    #expect(SecretRedaction.redacted(typedLine: line) == redacted)
  }

  @Test(arguments: [
    "/quote VERSION", "/join #open", "hello PASS hunter2", "//quote PASS hunter2",
    "/msg NickServ IDENTIFY hunter2", "/nope PASS x", "/quote",
  ])
  func aTypedLineWithoutASecretIsKept(line: String) {
    #expect(SecretRedaction.redacted(typedLine: line) == nil)
  }
}
