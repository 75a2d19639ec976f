/// What an `InspIRCdServer` is set up with. Defaults: one server `irc1.test` (SID `1AA`) with
/// the IRCv3 modules, no flood limits, no TLS, no services.
public struct InspIRCdConfiguration: Sendable {
  /// Flood settings of the one connect class every test client lands in.
  public enum ConnectClass: Sendable {
    /// No flood limits: `threshold="100000" commandrate="100000000" fakelag="no"`, big queues.
    case unlimited
    /// InspIRCd's own defaults (fakelag on: about 9 lines at once, then about one a second;
    /// an 8 KiB recvq), with only the per-IP limits raised, since every test client is on
    /// 127.0.0.1. For pacing tests.
    case inspircdDefaults
  }

  /// The server's name (`irc1.test`); links and services address it by this.
  public var serverName = "irc1.test"
  /// The server's SID: a digit and two letters or digits, unique on the network.
  public var serverID = "1AA"
  /// The `NETWORK` name.
  public var network = "ChatTest"
  public var connectClass = ConnectClass.unlimited
  /// One TLS port (`ssl_gnutls`) per identity, named by `Identity.name`.
  public var tlsIdentities: [TestCertificates.Identity] = []
  /// Accept an Atheme link (`services.test`) and offer SASL through it.
  public var services = false
  /// `<security hidesplits>`: quits in a netsplit read `*.net *.split` instead of the servers.
  public var hideSplits = false
  /// How many clients the connect class lets in (all of them come from 127.0.0.1).
  public var clientLimit = 1000
  /// An IRCv3 `sts` policy (`ircv3_sts`): plaintext connections are told to upgrade to the
  /// TLS port of `tlsIdentity`; TLS connections whose SNI matches `host` get `duration`.
  public var stsPolicy: STSPolicy?
  /// Raw config lines added at the end (an `sts` policy, an extra module...).
  public var extraConfiguration = ""

  /// The operator every test server has (`OPER tester operpass`): it may CONNECT, SQUIT, KILL.
  public static let operName = "tester"
  public static let operPassword = "operpass"
  /// The password both directions of every server and services link use.
  public static let linkPassword = "linkpass"
  /// The name Atheme links as.
  public static let servicesName = "services.test"

  public init() {}

  /// What `ircv3_sts` advertises.
  public struct STSPolicy: Sendable {
    /// The host name (a glob) a TLS client must have asked for by SNI to get the duration.
    public var host: String
    /// The `Identity.name` of the TLS port plaintext clients are sent to.
    public var tlsIdentity: String
    /// The policy's lifetime as InspIRCd writes durations ("5m"; at least a minute).
    public var duration: String

    public init(host: String = "localhost", tlsIdentity: String = "server", duration: String = "5m")
    {
      self.host = host
      self.tlsIdentity = tlsIdentity
      self.duration = duration
    }
  }
}

extension InspIRCdConfiguration {
  /// The config file text, for the given ports and peers.
  func render(
    directory: TemporaryDirectory, clientPort: UInt16, tlsPorts: [(String, UInt16)],
    linkPort: UInt16, peers: [(name: String, port: UInt16)]
  ) -> String {
    var lines = [
      #"<server name="\#(serverName)" description="chat test server" network="\#(network)" id="\#(serverID)">"#,
      #"<admin name="test" nick="test" email="test@example.invalid">"#,
      #"<path configdir="\#(directory.path)" datadir="\#(directory.path)" logdir="\#(directory.path)">"#,
      #"<pid file="\#(directory.file("inspircd.pid"))">"#,
      #"<bind address="127.0.0.1" port="\#(clientPort)" type="clients">"#,
      #"<bind address="127.0.0.1" port="\#(linkPort)" type="servers">"#,
      #"<security hidesplits="\#(hideSplits ? "yes" : "no")" flatlinks="no" hideulines="no">"#,
      #"<chanhistory maxlines="50" notice="yes" bots="yes">"#,
    ]
    let modules = [
      "cap", "ircv3", "ircv3_batch", "ircv3_ctctags", "ircv3_echomessage", "ircv3_labeledresponse",
      "ircv3_msgid", "ircv3_servertime", "ircv3_capnotify", "ircv3_accounttag", "ircv3_chghost",
      "ircv3_invitenotify", "namesx", "uhnames", "setname", "chanhistory", "services_account",
      "spanningtree",
    ]
    lines += modules.map { #"<module name="\#($0)">"# }
    switch connectClass {
    case .unlimited:
      lines.append(
        #"<connect name="test" allow="*" timeout="60" pingfreq="120" threshold="100000" "#
          + #"commandrate="100000000" fakelag="no" recvq="64K" softsendq="1M" hardsendq="16M" "#
          + #"localmax="\#(clientLimit)" globalmax="\#(clientLimit)" resolvehostnames="no" "#
          + #"useident="no" limit="\#(max(clientLimit, 10000))">"#)
    case .inspircdDefaults:
      lines.append(
        #"<connect name="default" allow="*" timeout="60" pingfreq="120" localmax="\#(clientLimit)" "#
          + #"globalmax="\#(clientLimit)" resolvehostnames="no" useident="no" "#
          + #"limit="\#(max(clientLimit, 10000))">"#)
    }
    lines += [
      #"<class name="Everything" commands="*" privs="*" usermodes="*" chanmodes="*" snomasks="*">"#,
      #"<type name="Tester" classes="Everything">"#,
      #"<oper name="\#(Self.operName)" password="\#(Self.operPassword)" host="*@*" type="Tester">"#,
    ]
    if !tlsIdentities.isEmpty {
      lines += [#"<module name="ssl_gnutls">"#, #"<module name="sslinfo">"#]
      for identity in tlsIdentities {
        let port = tlsPorts.first { $0.0 == identity.name }!.1
        lines += [
          #"<sslprofile name="\#(identity.name)" provider="gnutls" certfile="\#(identity.certificate)" "#
            + #"keyfile="\#(identity.key)" hash="sha256" requestclientcert="yes">"#,
          #"<bind address="127.0.0.1" port="\#(port)" type="clients" sslprofile="\#(identity.name)">"#,
        ]
      }
    }
    if let policy = stsPolicy, let port = tlsPorts.first(where: { $0.0 == policy.tlsIdentity })?.1 {
      lines += [
        #"<module name="ircv3_sts">"#,
        #"<sts host="\#(policy.host)" port="\#(port)" duration="\#(policy.duration)" preload="no">"#,
      ]
    }
    for peer in peers {
      lines.append(
        #"<link name="\#(peer.name)" ipaddr="127.0.0.1" port="\#(peer.port)" allowmask="127.0.0.0/8" "#
          + #"timeout="10s" sendpass="\#(Self.linkPassword)" recvpass="\#(Self.linkPassword)">"#)
    }
    if services {
      lines += [
        #"<module name="sasl">"#, #"<module name="svshold">"#,
        #"<sasl target="\#(Self.servicesName)">"#,
        #"<link name="\#(Self.servicesName)" ipaddr="127.0.0.1" port="\#(linkPort)" "#
          + #"allowmask="127.0.0.0/8" sendpass="\#(Self.linkPassword)" recvpass="\#(Self.linkPassword)">"#,
        #"<uline server="\#(Self.servicesName)" silent="yes">"#,
      ]
    }
    if !extraConfiguration.isEmpty { lines.append(extraConfiguration) }
    return lines.joined(separator: "\n") + "\n"
  }
}
