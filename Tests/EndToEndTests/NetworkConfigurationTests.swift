import ChatProfile
import IRCTestRequirements
import Testing

@testable import ChatCommandLine
@testable import ChatIRC

/// How the command line, the networks file and the environment merge into what a session
/// connects with.
@Suite(.ownThread, .timeLimit(.minutes(10))) struct NetworkConfigurationTests {
  @Test func withoutAServerThereIsNoConfiguration() throws {
    #expect(try ConnectionProfile(resolving: NetworkArguments(), environment: [:]) == nil)
  }

  @Test func aServerAloneTakesTheNickFromUSERAndTheURLsChannels() throws {
    let configuration = try resolve(
      ["--server", "irc://127.0.0.1/#ops,#dev", "--join", "#dev,#qa"],
      ["USER": "Ann.Lee"])
    #expect(configuration.nick == "AnnLee")
    #expect(configuration.channels == ["#ops", "#dev", "#qa"])
    #expect(configuration.server.endpoint == "127.0.0.1:6667" && !configuration.server.usesTLS)
    #expect(configuration.sasl == nil && configuration.bell && !configuration.keepListening)
    #expect(configuration.tlsCA == nil && configuration.tlsCertificate == nil)
    #expect(!configuration.tlsInsecure)
    #expect(try resolve(["--server", "irc://h"], [:]).nick == "chatuser")
    #expect(try resolve(["--server", "irc://h"], ["LOGNAME": "bo"]).nick == "bo")
  }

  @Test func anInvalidNameIsAUsageErrorOnlyWithAServer() throws {
    #expect(try Options(parsing: ["--name", "Person A"]).name == "Person A")
    let error = try #require(throws: NetworkConfigurationError.self) {
      try resolve(["--server", "irc://h", "--name", "Person A"], [:])
    }
    #expect(error.description.hasPrefix("invalid --name: nick 'Person A' contains a space"))
    #expect(error.exitStatus == .usage)
  }

  @Test func flagsOverrideTheNetworksFile() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    try folder.write(
      """
      [libera]
      server = ircs://irc.libera.chat/#chat
      nick = alice
      channels = #swift
      sasl-user = alice
      sasl-password-file = ~/libera.pass
      tls-insecure = yes

      """, to: "config/chat/networks", mode: 0o644)
    try folder.write("from-file\n", to: "home/libera.pass")
    try folder.write("from-flag\n", to: "flag.pass")
    let environment = folder.environment()

    let fromFile = try resolve(["--network", "libera"], environment)
    #expect(fromFile.networkName == "libera")
    #expect(fromFile.server.endpoint == "irc.libera.chat:6697" && fromFile.server.usesTLS)
    #expect((fromFile.nick, fromFile.channels) == ("alice", ["#chat", "#swift"]))
    #expect(fromFile.tlsInsecure)
    #expect(password(fromFile) == "from-file")

    let overridden = try resolve(
      [
        "--network", "libera", "--server", "ircs://[::1]:7000/#x", "--name", "bob",
        "--join", "#y", "--sasl-user", "bob", "--sasl-password-file", folder.path + "/flag.pass",
      ], environment)
    #expect(overridden.server.endpoint == "[::1]:7000")
    #expect((overridden.nick, overridden.channels) == ("bob", ["#x", "#y"]))
    #expect(
      overridden.sasl?.mechanism == .plain(user: "bob") && password(overridden) == "from-flag")

    // The environment comes before the file's password file, after the flag's.
    let environmentWins = try resolve(
      ["--network", "libera"], folder.environment(["CHAT_SASL_PASSWORD": "from-env"]))
    #expect(password(environmentWins) == "from-env")
    let flagWins = try resolve(
      ["--network", "libera", "--sasl-password-file", folder.path + "/flag.pass"],
      folder.environment(["CHAT_SASL_PASSWORD": "from-env"]))
    #expect(password(flagWins) == "from-flag")
  }

  @Test func tlsInsecureForAPlaintextServerIsRefusedWhereverItCameFrom() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    try folder.write(
      "[plain]\nserver = irc://127.0.0.1\ntls-insecure = yes\n[off]\nserver = irc://127.0.0.1\n"
        + "tls-insecure = no\n", to: "config/chat/networks")
    let error = try #require(throws: NetworkConfigurationError.self) {
      try resolve(["--server", "irc://h", "--tls-insecure"], [:])
    }
    #expect(error.exitStatus == .usage)
    #expect(
      error.description
        == "--tls-insecure cannot be used with an irc:// server: irc://h:6667 is plaintext, and a"
        + " TLS upgrade by its STS policy is always verified: trust its CA with --tls-ca FILE, or"
        + " use an ircs:// URL")
    let fileError = try #require(throws: NetworkConfigurationError.self) {
      try resolve(["--network", "plain"], folder.environment())
    }
    #expect(
      fileError.description
        == "\(folder.path)/config/chat/networks:3: invalid tls-insecure: needs an ircs:// server"
        + " (an STS upgrade is always verified)")
    #expect(fileError.exitStatus == .configuration)
    // `no` asks for what a plaintext server gets anyway.
    #expect(try !resolve(["--network", "off"], folder.environment()).tlsInsecure)
    // A TLS server from the command line makes the file's setting valid.
    #expect(
      try resolve(["--network", "plain", "--server", "ircs://h"], folder.environment()).tlsInsecure
    )
  }

  /// `--tls-fingerprint` or the file's `tls-fingerprint` pins the certificate in place of the
  /// CA check: for a TLS server only, never beside a CA or `--tls-insecure` given alike, and a
  /// flag's choice of check wins over the file's.
  @Test func aPinnedFingerprintComesFromTheFlagOrTheFileAndReplacesTheCACheck() throws {
    let pin = String(repeating: "ab", count: 32)
    let other = String(repeating: "cd", count: 32)
    let folder = try ScratchFolder()
    defer { folder.remove() }
    try folder.write("pem", to: "config/chat/ca.pem")
    try folder.write(
      "[pinned]\nserver = ircs://127.0.0.1\ntls-fingerprint = \(other)\n[ca]\n"
        + "server = ircs://127.0.0.1\ntls-ca = ca.pem\n[plain]\nserver = irc://127.0.0.1\n"
        + "tls-fingerprint = \(other)\n", to: "config/chat/networks")
    let environment = folder.environment()

    let flag = try resolve(["--server", "ircs://h", "--tls-fingerprint", pin.uppercased()], [:])
    #expect(flag.tlsFingerprint?.hex == pin)
    #expect(flag.tlsConfiguration.pinnedFingerprint == pin && !flag.tlsConfiguration.insecure)
    #expect(try resolve(["--network", "pinned"], environment).tlsFingerprint?.hex == other)
    // The flag's pin replaces the file's CA; the flag's CA (or insecure) the file's pin.
    let overCA = try resolve(["--network", "ca", "--tls-fingerprint", pin], environment)
    #expect(overCA.tlsFingerprint?.hex == pin && overCA.tlsCA == nil)
    let caOverPin = try resolve(
      ["--network", "pinned", "--tls-ca", folder.path + "/config/chat/ca.pem"], environment)
    #expect(caOverPin.tlsFingerprint == nil && caOverPin.tlsCA != nil)

    for (arguments, message) in [
      (
        ["--server", "irc://h", "--tls-fingerprint", pin],
        "--tls-fingerprint cannot be used with an irc:// server: irc://h:6667 is plaintext: a pin"
          + " names a TLS server's certificate; use an ircs:// URL"
      ),
      (
        ["--server", "ircs://h", "--tls-fingerprint", pin, "--tls-insecure"],
        "--tls-fingerprint cannot be used with --tls-insecure: a pinned certificate is accepted"
          + " whatever its issuer; give one of them"
      ),
      (
        ["--server", "ircs://h", "--tls-ca", "/ca.pem", "--tls-fingerprint", pin],
        "--tls-fingerprint cannot be used with --tls-ca: a pinned certificate is accepted"
          + " whatever its issuer; give one of them"
      ),
    ] {
      let error = try #require(throws: NetworkConfigurationError.self) {
        try resolve(arguments, [:])
      }
      #expect(error.description == message)
      #expect(error.exitStatus == .usage)
    }
    let fileError = try #require(throws: NetworkConfigurationError.self) {
      try resolve(["--network", "plain"], environment)
    }
    #expect(
      fileError.description
        == "\(folder.path)/config/chat/networks:9: invalid tls-fingerprint: needs an ircs://"
        + " server")
    #expect(fileError.exitStatus == .configuration)
  }

  @Test func theCAAndCertificateOfAPlaintextServerAreKeptForAnSTSUpgrade() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    try folder.write("pem", to: "config/chat/ca.pem")
    try folder.write("pem", to: "client.pem")
    try folder.write(
      "[plain]\nserver = irc://127.0.0.1\ntls-ca = ca.pem\n", to: "config/chat/networks")
    let flags = try resolve(
      [
        "--server", "irc://h", "--tls-ca", folder.path + "/config/chat/ca.pem", "--tls-cert",
        folder.path + "/client.pem",
      ], [:])
    #expect(flags.tlsCA?.path == folder.path + "/config/chat/ca.pem")
    #expect(flags.tlsCertificate?.path == folder.path + "/client.pem")
    #expect(flags.tlsOptionsAwaitingUpgrade == ["--tls-ca", "--tls-cert"])
    let file = try resolve(["--network", "plain"], folder.environment())
    #expect(file.tlsCA?.path == folder.path + "/config/chat/ca.pem")
    // Named as given: from the networks file, not a flag the user never typed.
    #expect(file.tlsOptionsAwaitingUpgrade == ["tls-ca"])
    // Over TLS from the start, nothing waits.
    let tls = try resolve(["--server", "ircs://h", "--tls-cert", folder.path + "/client.pem"], [:])
    #expect(tls.tlsOptionsAwaitingUpgrade.isEmpty)
    // Still checked before connecting, with irc:// too.
    let error = try #require(throws: NetworkConfigurationError.self) {
      try resolve(["--server", "irc://h", "--tls-cert", "/nonexistent/client.pem"], [:])
    }
    #expect(error.exitStatus == .noInput)
  }

  @Test func anUnreadableTLSFileIsNamed() throws {
    let error = try #require(throws: NetworkConfigurationError.self) {
      try resolve(["--server", "ircs://h", "--tls-ca", "/nonexistent/ca.pem"], [:])
    }
    #expect(
      error
        == .unreadableFile(
          option: "--tls-ca", path: "/nonexistent/ca.pem", reason: "no such file or directory"))
    #expect(error.exitStatus == .noInput)
  }

  @Test func saslNeedsAPasswordOrAClientCertificate() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let certificate = try folder.write("not really PEM\n", to: "client.pem")
    let error = try #require(throws: NetworkConfigurationError.self) {
      try resolve(["--server", "ircs://h", "--sasl-user", "alice"], [:])
    }
    #expect(error.description.hasPrefix("--sasl-user needs a password: set CHAT_SASL_PASSWORD"))
    #expect(error.exitStatus == .usage)
    let external = try resolve(
      ["--server", "ircs://h", "--sasl-user", "alice", "--tls-cert", certificate], [:])
    #expect(external.sasl == ConnectionProfile.SASL(.external))
    #expect(external.sasl?.mechanism == .external)
    for option in [["--sasl-optional"], ["--sasl-password-file", "/dev/null"]] {
      let error = try #require(throws: NetworkConfigurationError.self) {
        try resolve(["--server", "ircs://h"] + option, [:])
      }
      #expect(error == .usage(.needs(option: option[0], other: "--sasl-user NAME")))
    }
    let optional = try resolve(
      ["--server", "ircs://h", "--sasl-user", "a", "--sasl-optional"], ["CHAT_SASL_PASSWORD": "p"])
    #expect(optional.saslOptional && optional.sasl?.mechanism == .plain(user: "a"))
  }

  @Test func unknownNetworksAndMissingDirectoriesAreNamed() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let none = try #require(throws: NetworkConfigurationError.self) {
      try resolve(["--network", "libera"], folder.environment())
    }
    #expect(
      none.description
        == "unknown network 'libera': '\(folder.path)/config/chat/networks' defines none")
    let noHome = try #require(throws: NetworkConfigurationError.self) {
      try resolve(["--network", "libera"], ["USER": "x"])
    }
    #expect(noHome == .noConfigDirectory && noHome.exitStatus == .configuration)
  }

  @Test func bellAndListeningFollowTheirFlags() throws {
    let configuration = try resolve(["--server", "irc://h", "--no-bell", "--keep-listening"], [:])
    #expect(!configuration.bell && configuration.keepListening)
  }

  private func resolve(_ arguments: [String], _ environment: [String: String]) throws
    -> ConnectionProfile
  {
    let options = try Options(parsing: arguments)
    return try #require(
      try ConnectionProfile(resolving: options.network, environment: environment))
  }

  private func password(_ configuration: ConnectionProfile) -> String? {
    configuration.sasl?.password?.withUTF8 { String(decoding: $0, as: UTF8.self) }
  }
}
