import ChatProfile
import IRCTestRequirements
import Testing

@testable import ChatCommandLine

/// The networks file's format: sections, keys, quoting, paths, and `file:line` errors.
@Suite(.ownThread, .timeLimit(.minutes(10))) struct NetworksFileTests {
  static let example = """
    # My networks
    [libera]
    server = ircs://irc.libera.chat/#chat
    nick = alice
    channels = #chat, #swift
    sasl-user = alice
    sasl-password-file = ~/.config/chat/libera.pass
    tls-ca = /path/ca.pem
    tls-cert = client.pem

      # an indented comment, then blank lines

    [local-test_1.x]
    server = "irc://127.0.0.1:6667"
    nick = "bob"
    sasl-user = "name with \\"quotes\\" and \\\\"
    sasl-password-file = secret.pass
    sasl-optional = yes
    tls-insecure = no

    """

  @Test func theExampleIsReadWholly() throws {
    let file = try parse(Self.example)
    var libera = NetworksFile.Network(
      name: "libera", line: 2,
      server: ServerAddress(
        host: "irc.libera.chat", port: 6697, usesTLS: true, channels: ["#chat"]))
    libera.nick = "alice"
    libera.channels = ["#chat", "#swift"]
    libera.saslUser = "alice"
    libera.saslPasswordFile = "/home/alice/.config/chat/libera.pass"
    libera.tlsCA = "/path/ca.pem"
    libera.tlsCertificate = "/etc/xdg/chat/client.pem"
    libera.lines = [
      .server: 3, .nick: 4, .channels: 5, .saslUser: 6, .saslPasswordFile: 7, .tlsCA: 8,
      .tlsCertificate: 9,
    ]
    var local = NetworksFile.Network(
      name: "local-test_1.x", line: 13,
      server: ServerAddress(host: "127.0.0.1", port: 6667, usesTLS: false))
    local.nick = "bob"
    local.saslUser = "name with \"quotes\" and \\"
    local.saslPasswordFile = "/etc/xdg/chat/secret.pass"
    local.saslOptional = true
    local.lines = [
      .server: 14, .nick: 15, .saslUser: 16, .saslPasswordFile: 17, .saslOptional: 18,
      .tlsInsecure: 19,
    ]
    #expect(file.networks == [libera, local])
    #expect(try file.network(named: "libera") == libera)
  }

  @Test func anUnknownNetworkListsTheKnownOnes() throws {
    let file = try parse(Self.example)
    let error = try #require(throws: NetworkConfigurationError.self) {
      try file.network(named: "Libera")
    }
    #expect(
      error.description
        == "unknown network 'Libera': '/etc/xdg/chat/networks' defines libera, local-test_1.x")
    #expect(error.exitStatus == .usage)
  }

  @Test(arguments: [
    ("server = irc://h\n", 1, "a setting before the first [network] header"),
    (
      "[a]\nserver = irc://h\n[a]\nserver = irc://i\n", 3,
      "network 'a' is already defined on line 1"
    ),
    (
      "[a]\nserver = irc://h\nserver = irc://i\n", 3,
      "'server' is already set on line 2: set it once"
    ),
    ("[a]\nnick = x\n", 1, "network 'a' has no server = URL"),
    ("[a]\nserver = irc://h\n[b]\n", 3, "network 'b' has no server = URL"),
    ("[a\n", 1, "a section header is [name], alone on its line"),
    ("[a] x\n", 1, "a section header is [name], alone on its line"),
    ("[a b]\n", 1, "'a b' is not a network name"),
    ("[]\n", 1, "'' is not a network name"),
    ("[a]\nserver irc://h\n", 2, "expected key = value"),
    ("[a]\nserver = irc://h\nport = 6667\n", 3, "unknown key 'port' (known: server, nick,"),
    ("[a]\nserver = irc://h\nnick =\n", 3, "'nick' has no value"),
    ("[a]\nserver = irc://h\nnick = \"\"\n", 3, "'nick' has no value"),
    ("[a]\nserver = irc://h\nnick = \"bob\n", 3, "a quoted value must end with \""),
    ("[a]\nserver = irc://h\nnick = \"bob\" x\n", 3, "a quoted value must end with \""),
    ("[a]\nserver = irc://h\nnick = \"b\\ob\"\n", 3, "unknown escape '\\o' in a quoted value"),
    ("[a]\nserver = irc//h\n", 2, "invalid server: 'irc//h' is not an irc:// or ircs:// URL"),
    ("[a]\nserver = irc://h\nnick = 9lives\n", 3, "invalid nick: nick '9lives' starts with '9'"),
    (
      "[a]\nserver = irc://h\nnick = \(String(repeating: "n", count: 506))\n", 3,
      "invalid nick: a nick of 506 characters cannot be sent"
    ),
    ("[a]\nserver = irc://h\nchannels = #a,,#b\n", 3, "invalid channels: an empty channel name"),
    (
      "[a]\nserver = irc://h\ntls-insecure = maybe\n", 3,
      "invalid tls-insecure: 'maybe' is not yes or no"
    ),
    (
      "[a]\nserver = irc://h\nsasl-password-file = p\n", 3, "'sasl-password-file' needs 'sasl-user'"
    ),
    ("[a]\nserver = irc://h\nsasl-optional = yes\n", 3, "'sasl-optional' needs 'sasl-user'"),
    ("[a]\nserver = irc://h\ntls-ca = ~bob/ca.pem\n", 3, "invalid tls-ca: ~user is not supported"),
    ("[a]\nserver = irc://h\nnick = \"a\\u{1}\"\n", 3, "unknown escape"),
    (
      "[a]\nserver = ircs://h\ntls-fingerprint = AB:CD\n", 3,
      "invalid tls-fingerprint: it has 4 digits; expected a SHA-256 fingerprint"
    ),
    (
      "[a]\nserver = ircs://h\ntls-ca = ca.pem\ntls-fingerprint = \(String(repeating: "0", count: 64))\n",
      4, "invalid tls-fingerprint: cannot go with tls-ca in one section"
    ),
    (
      "[a]\nserver = irc://h\nsasl-user = a\u{1B}b\n", 3,
      "invalid sasl-user: contains U+001B, a control"
    ),
  ])
  func aMalformedFileNamesFileAndLine(text: String, line: Int, message: String) throws {
    let error = try #require(throws: NetworksFileError.self) { try parse(text) }
    let prefix = "/etc/xdg/chat/networks:\(line): \(message)"
    #expect(error.description.hasPrefix(prefix), "\(error)")
    #expect(error.exitStatus == .configuration)
  }

  @Test func invalidUTF8IsNamedByLine() {
    let bytes = Array("[a]\nserver = irc://h\nnick = ".utf8) + [0xFF, 0x0A]
    #expect(
      throws: NetworksFileError.malformed(
        path: "/etc/xdg/chat/networks", line: 3, problem: .notUTF8)
    ) {
      try NetworksFileParser(path: "/etc/xdg/chat/networks", home: "/home/alice").parse(bytes)
    }
  }

  @Test(arguments: ["sasl-password", "password", "Sasl-Password", "pass"])
  func aPasswordInTheFileIsRefusedWithAdviceAndNotRepeated(key: String) throws {
    let text = "[a]\nserver = irc://h\n\(key) = hunter2\n"
    let error = try #require(throws: NetworksFileError.self) { try parse(text) }
    #expect(error.description.hasPrefix("/etc/xdg/chat/networks:3: '\(key)': no password"))
    #expect(error.description.contains("sasl-password-file"))
    #expect(error.description.contains("CHAT_SASL_PASSWORD"))
    #expect(!error.description.contains("hunter2"))
  }

  @Test func crlfLinesAndAFileWithoutAFinalNewlineAreRead() throws {
    let file = try parse("[a]\r\nserver = irc://h\r\nnick = bob")
    #expect(file.networks.first?.nick == "bob")
    #expect(try parse("").networks.isEmpty)
  }

  @Test func aMissingFileHasNoNetworks() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let file = try NetworksFile.load(path: folder.path + "/none", home: nil)
    #expect(file.networks.isEmpty)
  }

  @Test func theDefaultPathFollowsXDG() {
    #expect(
      NetworksFile.defaultPath(environment: ["HOME": "/h", "XDG_CONFIG_HOME": "/x"])
        == "/x/chat/networks")
    #expect(NetworksFile.defaultPath(environment: ["HOME": "/h"]) == "/h/.config/chat/networks")
    #expect(
      NetworksFile.defaultPath(environment: ["HOME": "/h", "XDG_CONFIG_HOME": "rel"])
        == "/h/.config/chat/networks")
    #expect(NetworksFile.defaultPath(environment: [:]) == nil)
    #expect(STSPolicyStore.defaultPath(environment: ["HOME": "/h/"]) == "/h/.local/state/chat/sts")
    #expect(
      STSPolicyStore.defaultPath(environment: ["HOME": "/h", "XDG_STATE_HOME": "/s"])
        == "/s/chat/sts")
  }

  private func parse(_ text: String) throws(NetworksFileError) -> NetworksFile {
    try NetworksFileParser(path: "/etc/xdg/chat/networks", home: "/home/alice").parse(
      Array(text.utf8))
  }
}
