import Foundation
import IRCTestRequirements
import Testing

/// The IRC options through the built binary: exit statuses, messages on stderr, and a search of
/// every output for the password. HOME and the XDG directories point into a temporary folder.
@Suite(.ownThread, .timeLimit(.minutes(10))) struct NetworkCommandTests {
  static let secret = "S3cr3t-Pa55-\(UUID().uuidString.prefix(8))"

  @Test(arguments: [
    (
      ["--server", "irc://host:99999/#chat"], "chat: invalid --server: port '99999' is not a number"
    ),
    (["--server", "irc://\u{1B}]0;x\u{7}"], "chat: invalid --server: '␛]0;x␇' is not a host name"),
    (["--server", "irc://a", "--server", "irc://b"], "chat: --server given more than once"),
    (["--join", "#a"], "chat: --join needs --server URL or --network NAME"),
    (["--server", "irc://h", "--sasl-password", "x"], "chat: --sasl-password is not accepted"),
    (
      ["--server", "irc://h", "--tls-insecure"],
      "chat: --tls-insecure cannot be used with an irc:// server"
    ),
    (["--server", "irc://h", "--name", "9lives"], "chat: invalid --name: nick '9lives' starts"),
    (["--server", "ircs://h", "--sasl-user", "a"], "chat: --sasl-user needs a password"),
  ])
  func aBadNetworkCommandLineExits64(arguments: [String], message: String) throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let result = try BinaryRunner.run(arguments, environment: folder.environment())
    #expect(result.status == 64, "\(result.stderr)")
    #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
    #expect(result.stderr.hasSuffix("chat: see 'chat --help'\n"))
    #expect(result.stdout.isEmpty)
  }

  @Test func aMalformedNetworksFileExits78NamingFileAndLine() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let path = try folder.write(
      "[libera]\nserver = ircs://irc.libera.chat\nnick = alice\nnick = bob\n",
      to: "config/chat/networks")
    let result = try BinaryRunner.run(["--network", "libera"], environment: folder.environment())
    #expect(result.status == 78)
    #expect(result.stderr == "chat: \(path):4: 'nick' is already set on line 3: set it once\n")
  }

  @Test func anUnknownNetworkExits64ListingTheKnownOnes() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let path = try folder.write(
      "[libera]\nserver = ircs://irc.libera.chat\n\n[oftc]\nserver = ircs://irc.oftc.net\n",
      to: "config/chat/networks")
    let result = try BinaryRunner.run(["--network", "efnet"], environment: folder.environment())
    #expect(result.status == 64)
    #expect(
      result.stderr.hasPrefix("chat: unknown network 'efnet': '\(path)' defines libera, oftc\n"))
  }

  @Test func theNetworksFileFollowsXDGConfigHomeThenHome() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    try folder.write("[a]\nbad line\n", to: "home/.config/chat/networks")
    var environment = folder.environment()
    environment["XDG_CONFIG_HOME"] = nil
    let result = try BinaryRunner.run(["--network", "a"], environment: environment)
    #expect(result.status == 78)
    #expect(result.stderr.hasPrefix("chat: \(folder.path)/home/.config/chat/networks:2: expected"))
  }

  @Test func aPasswordFileOthersCanReadExits78NamingIt() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let path = try folder.write(Self.secret + "\n", to: "pass", mode: 0o644)
    let result = try BinaryRunner.run(
      ["--server", "ircs://h", "--sasl-user", "a", "--sasl-password-file", path],
      environment: folder.environment())
    #expect(result.status == 78)
    #expect(
      result.stderr
        == "chat: the password file '\(path)' is accessible by group or others (mode 0644):"
        + " run chmod 600 on it\n")
  }

  @Test func aValidConfigurationWithNoServerThereExits69NamingHostAndPort() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let result = try BinaryRunner.run(
      ["--server", "irc://127.0.0.1:6667/#ops"], environment: folder.environment())
    #expect(result.status == 69)
    #expect(result.stderr == "chat: connection to 127.0.0.1:6667 refused\n")
  }

  @Test func thePasswordNeverReachesAnyOutput() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let secret = Self.secret
    let good = try folder.write(secret + "\n", to: "good.pass", mode: 0o600)
    let open = try folder.write(secret + "\n", to: "open.pass", mode: 0o644)
    let twoLines = try folder.write(secret + "\n" + secret + "\n", to: "two.pass", mode: 0o600)
    try folder.write(
      "[fine]\nserver = ircs://h\nsasl-user = a\nsasl-password-file = ../../good.pass\n",
      to: "config/chat/networks")
    try folder.write(
      "[leaky]\nserver = ircs://h\nsasl-user = a\nsasl-password = \(secret)\n",
      to: "leaky/chat/networks")
    let withSecret = folder.environment(["CHAT_SASL_PASSWORD": secret])
    let leaky = folder.environment(["XDG_CONFIG_HOME": folder.path + "/leaky"])
    let sasl = ["--server", "ircs://h", "--sasl-user", "a"]
    let runs: [(arguments: [String], environment: [String: String], status: Int32)] = [
      (["--server", "ircs://a:\(secret)@h"], withSecret, 64),
      (sasl + ["--sasl-password=\(secret)"], withSecret, 64),
      (sasl + ["--sasl-password", secret], withSecret, 64),
      (["--password", secret], withSecret, 64),
      (["--network", "leaky"], leaky, 78),
      (sasl + ["--sasl-password-file", open], withSecret, 78),
      (sasl + ["--sasl-password-file", twoLines], withSecret, 78),
      (sasl + ["--sasl-password-file", good, "--log", good], withSecret, 64),
      (sasl + ["--sasl-password-file", good, "--name", "bad nick"], withSecret, 64),
      (sasl + ["--sasl-password-file", good], folder.environment(), 69),
      (["--network", "fine"], folder.environment(), 69),
      (["--network", "fine"], withSecret, 69),
      (sasl, withSecret, 69),
      (sasl + ["--tls-ca", folder.path + "/none.pem"], withSecret, 66),
      (["--help"], withSecret, 0),
      (["--virtual-time", "--renderer", "jsonl", "--name", "a"], withSecret, 0),
    ]
    for run in runs {
      let result = try BinaryRunner.run(
        run.arguments, stdin: Array("hello\n".utf8), environment: run.environment)
      #expect(result.status == run.status, "\(run.arguments): \(result.stderr)")
      #expect(!result.output.contains(secret), "stdout of \(run.arguments)")
      #expect(!result.stderr.contains(secret), "stderr of \(run.arguments): \(result.stderr)")
      #expect(!result.stderr.contains(secret.prefix(8)), "a piece of it: \(run.arguments)")
    }
    // The refused --log named the password file: it was not touched.
    #expect(try String(contentsOfFile: good, encoding: .utf8) == secret + "\n")
  }
}
