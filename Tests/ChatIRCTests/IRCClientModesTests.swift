import ChatCore
import ChatIRC
import Testing

/// `MODE` and `INVITE` lines: what they change and who is told.
@Suite(.timeLimit(.minutes(10))) struct IRCClientModesTests {
  @Test func aChannelModeLineNamesItsRanksByPrefixAndCHANMODES() {
    var wire = IRCWire.inspircd()
    wire.server(
      ":irc1.test 005 alice PREFIX=(qov)~@+ CHANMODES=beI,k,l,imnpst :are supported by this server"
    )
    wire.reset()
    wire.server(":bob!b@h MODE #chat +ol-vb+k-l carol 10 dave *!*@x key")
    #expect(
      wire.events == [
        .channelModeChanged(
          channel: "#chat", by: "bob", modes: "+ol-vb+k-l carol 10 dave *!*@x key",
          ranks: [
            RankChange("carol", prefix: "@", isGiven: true),
            RankChange("dave", prefix: "+", isGiven: false),
          ])
      ])
  }

  @Test func ourOwnModesAChannelNotOursAndMissingArgumentsChangeNoRank() {
    var wire = IRCWire.inspircd()
    wire.server(":alice MODE alice +i")
    wire.server(":bob!b@h MODE #other +o carol")
    #expect(wire.events.isEmpty)
    wire.server(":bob!b@h MODE #CHAT +oo carol")
    #expect(
      wire.events == [
        .channelModeChanged(
          channel: "#chat", by: "bob", modes: "+oo carol",
          ranks: [RankChange("carol", prefix: "@", isGiven: true)])
      ])
  }

  @Test func invitationsForUsAndInvitesIntoOurChannelsAreToldOthersAreNot() {
    var wire = IRCWire.inspircd()
    wire.server(":bob!b@h INVITE alice #elsewhere")
    wire.server(":bob!b@h INVITE carol #CHAT")
    wire.server(":bob!b@h INVITE carol #other")
    wire.server(":bob!b@h INVITE carol")
    // Our own invitation told back (invite-notify): the 341 reply already said it.
    wire.server(":alice!a@h INVITE carol #chat")
    #expect(
      wire.events == [
        .invited(nick: "alice", channel: "#elsewhere", by: "bob"),
        .invited(nick: "carol", channel: "#chat", by: "bob"),
      ])
  }
}
