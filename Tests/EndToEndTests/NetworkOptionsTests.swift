import ChatProfile
import IRCTestRequirements
import Testing

@testable import ChatCommandLine

/// The IRC options as `Options` reads them: values, repeats, passwords and combinations.
@Suite(.ownThread, .timeLimit(.minutes(10))) struct NetworkOptionsTests {
  @Test func everyNetworkOptionIsRead() throws {
    let options = try Options(parsing: [
      "--server", "ircs://irc.example.net/#a", "--join", "#b,c", "--name", "alice",
      "--tls-ca", "ca.pem", "--tls-cert=client.pem", "--tls-insecure", "--sasl-user", "alice",
      "--sasl-password-file", "pass", "--sasl-optional", "--no-bell", "--keep-listening",
      "--log-dir", "logs",
    ])
    var expected = NetworkArguments()
    expected.server = ServerAddress(
      host: "irc.example.net", port: 6697, usesTLS: true, channels: ["#a"])
    expected.join = ["#b", "#c"]
    expected.nick = "alice"
    (expected.tlsCA, expected.tlsCertificate, expected.tlsInsecure) = ("ca.pem", "client.pem", true)
    (expected.saslUser, expected.saslPasswordFile, expected.saslOptional) = ("alice", "pass", true)
    (expected.noBell, expected.keepListening) = (true, true)
    #expect(options.network == expected)
    #expect(options.logDirectory == "logs")
    #expect(options.name == "alice")
  }

  @Test func withoutAServerNothingConnects() throws {
    let options = try Options(parsing: ["--virtual-time", "--no-bell", "--log-dir", "d"])
    #expect(!options.network.connects)
    #expect(options.name == "PersonA" && options.network.nick == nil)
  }

  @Test(arguments: [
    ["--server", "irc://a", "--server", "irc://b"], ["--join", "#a", "--join=#b"],
    ["--network", "x", "--network", "x"], ["--tls-ca", "a", "--tls-ca", "b"],
    ["--tls-cert", "a", "--tls-cert", "b"], ["--sasl-user", "a", "--sasl-user", "b"],
    ["--sasl-password-file", "a", "--sasl-password-file", "a"],
    ["--log-dir", "a", "--log-dir", "b"],
  ])
  func aRepeatedNetworkOptionIsRefused(arguments: [String]) {
    #expect(throws: UsageError.repeated(option: arguments[0])) { try Options(parsing: arguments) }
  }

  @Test(arguments: [
    ["--sasl-password", "hunter2"], ["--sasl-password=hunter2"], ["--password", "hunter2"],
    ["--server", "irc://h", "--sasl-user", "a", "--sasl-pass=hunter2"],
  ])
  func aPasswordArgumentIsRefusedWithAdviceAndNeverRepeated(arguments: [String]) throws {
    let error = try #require(throws: UsageError.self) { try Options(parsing: arguments) }
    guard case .passwordArgument = error else {
      Issue.record("expected .passwordArgument, got \(error)")
      return
    }
    #expect(!error.description.contains("hunter2"))
    #expect(error.description.contains("CHAT_SASL_PASSWORD"))
    #expect(error.description.contains("--sasl-password-file"))
  }

  @Test(arguments: [
    (["--server", "nope"], "invalid --server: 'nope' is not an irc:// or ircs:// URL"),
    (["--server", "irc://h:99999"], "invalid --server: port '99999' is not a number"),
    (["--join", "#a,,#b", "--server", "irc://h"], "invalid --join: an empty channel name"),
    (["--server", "irc://h", "--join", "#a b"], "invalid --join: channel '#a b' contains a space"),
    (["--network", ""], "invalid value '' for --network: expected a network name"),
    (["--server", "irc://h", "--sasl-user", " "], "invalid value ' ' for --sasl-user"),
    (["--tls-insecure=yes", "--server", "irc://h"], "--tls-insecure takes no value"),
    (["--join", "#a"], "--join needs --server URL or --network NAME"),
    (["--sasl-user", "a"], "--sasl-user needs --server URL or --network NAME"),
    (["--keep-listening"], "--keep-listening needs --server URL or --network NAME"),
    (["--server", "irc://h", "--virtual-time"], "--virtual-time cannot be used with --server"),
    (["--network", "n", "--peer", "B"], "--peer cannot be used with --network"),
    (["--server", "irc://h", "--burst", "3"], "--burst cannot be used with --server"),
    (["--scenario", "s", "--server", "irc://h"], "--server cannot be used with --scenario"),
    (
      ["--server", "ircs://h", "--tls-fingerprint", "xy"],
      "invalid --tls-fingerprint: 'x' is not a hexadecimal digit"
    ),
    (
      ["--server", "ircs://h", "--tls-fingerprint=AB:CD"],
      "invalid --tls-fingerprint: it has 4 digits; expected a SHA-256 fingerprint"
    ),
    (["--tls-fingerprint", String(repeating: "a", count: 64)], "--tls-fingerprint needs --server"),
  ])
  func aBadNetworkCommandLineSaysWhatIsWrong(arguments: [String], message: String) throws {
    let error = try #require(throws: UsageError.self) { try Options(parsing: arguments) }
    #expect(error.description.hasPrefix(message), "\(error)")
  }
}
