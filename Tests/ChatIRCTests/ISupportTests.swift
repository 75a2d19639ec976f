import ChatIRC
import Testing

@Suite(.timeLimit(.minutes(10))) struct ISupportTests {
  @Test func defaultsFollowTheSpec() {
    let support = ISupport()
    #expect(support.channelTypes == "#&")
    #expect(support.lineLength == 512)
    #expect(support.caseMapping == .rfc1459)
    #expect(support.prefixes.map(\.prefix) == ["@", "+"])
    #expect(support.nickLength == nil && support.channelLength == nil && support.network == nil)
  }

  @Test func readsTheTokensInspIRCdSends() throws {
    let line =
      ":irc1.test 005 alice AWAYLEN=200 CASEMAPPING=ascii CHANLIMIT=#:20 CHANMODES=b,k,l,imnpst"
      + " CHANNELLEN=60 CHANTYPES=# ELIST=CMNTU HOSTLEN=64 KEYLEN=32 KICKLEN=255 LINELEN=512"
      + " MAXLIST=b:100 MAXTARGETS=20 MODES=20 NETWORK=Test\\x20Net NICKLEN=30"
      + " PREFIX=(qaohv)~&@%+ :are supported by this server"
    let message = try IRCMessage(parsing: line)
    let support = ISupport().applying(message.parameters.dropFirst().dropLast())
    #expect(support.caseMapping == .ascii)
    #expect(support.channelLength == 60)
    #expect(support.channelTypes == "#")
    #expect(support.nickLength == 30)
    #expect(support.lineLength == 512)
    #expect(support.network == "Test Net")
    #expect(support.prefixes.map(\.mode) == ["q", "a", "o", "h", "v"])
    #expect(support.prefixes.map(\.prefix) == ["~", "&", "@", "%", "+"])
    #expect(support.isChannel("#chat") && !support.isChannel("&local") && !support.isChannel(""))
  }

  @Test func aNegatedTokenPutsTheDefaultBack() {
    let support = ISupport().applying(["NICKLEN=30", "CASEMAPPING=ascii", "CHANTYPES=#"])
      .applying(["-NICKLEN", "-CASEMAPPING", "-CHANTYPES"])
    #expect(support == ISupport())
  }

  @Test func ignoresValuesThatDoNotParse() {
    let support = ISupport().applying([
      "NICKLEN=-3", "NICKLEN=lots", "CASEMAPPING=rfc7613", "PREFIX=(ov)@", "PREFIX=ov@+",
      "LINELEN=100", "UNKNOWN=1", "",
    ])
    #expect(support == ISupport())
  }

  @Test func anEmptyChantypesOrPrefixMeansNone() {
    let support = ISupport().applying(["CHANTYPES=", "PREFIX="])
    #expect(support.channelTypes.isEmpty && support.prefixes.isEmpty)
    #expect(!support.isChannel("#chat"))
  }
}
