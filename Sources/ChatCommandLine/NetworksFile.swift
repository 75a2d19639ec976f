import ChatProfile
import Glibc

/// The networks file, `$XDG_CONFIG_HOME/chat/networks` (by default `~/.config/chat/networks`):
/// one section per network, as `chat --network NAME` reads it.
///
/// ```
/// # A comment is a line whose first non-blank character is #; blank lines are ignored.
/// [libera]
/// server = ircs://irc.libera.chat/#chat
/// nick = alice
/// channels = #chat, #swift
/// sasl-user = alice
/// sasl-password-file = ~/.config/chat/libera.pass
/// tls-ca = /path/ca.pem
/// tls-cert = /path/client.pem
/// tls-fingerprint = AB:CD:…   (instead of tls-ca: this certificate, whatever its issuer)
/// history = 100                (as --history: latest messages fetched; 0 for none)
/// bot = yes                    (as --bot: marked as a bot where the server has a bot mode)
/// typing = no                  (as --no-typing: your typing is not told)
/// monitor = bob, carol         (told when they come online or go: IRCv3 MONITOR)
/// ```
///
/// Each key at most once per section; values may be double-quoted (`\"` and `\\` inside). Paths
/// starting `~/` are under `$HOME`; other relative paths are relative to the file's directory.
/// No password may be written here: `sasl-password` is refused.
struct NetworksFile: Equatable, Sendable {
  /// One `[name]` section.
  struct Network: Equatable, Sendable {
    /// The section's name.
    var name: String
    /// The line of its `[name]` header.
    var line: Int
    /// `server`: the URL (required).
    var server: ServerAddress
    /// `nick`.
    var nick: String?
    /// `channels`: joined besides the URL's.
    var channels: [String]?
    /// `sasl-user`.
    var saslUser: String?
    /// `sasl-password-file`, expanded.
    var saslPasswordFile: String?
    /// `sasl-key`, expanded: the `ECDSA-NIST256P-CHALLENGE` key.
    var saslKey: String?
    /// `sasl-optional = yes`: register without SASL if it fails.
    var saslOptional = false
    /// `tls-ca`, expanded.
    var tlsCA: String?
    /// `tls-cert`, expanded.
    var tlsCertificate: String?
    /// `tls-insecure = yes`.
    var tlsInsecure = false
    /// `tls-fingerprint`: the server certificate's SHA-256, pinned.
    var tlsFingerprint: TLSFingerprint?
    /// `history`: as `--history`.
    var history: Int?
    /// `bot = yes`: as `--bot`.
    var isBot = false
    /// `typing = no`: as `--no-typing`.
    var typing = true
    /// `monitor`: the nicks to watch (`/monitor`) from the start.
    var monitor: [String]?
    /// The line each key was set on.
    var lines: [Key: Int] = [:]

    /// A network with only a server.
    init(name: String, line: Int, server: ServerAddress) {
      (self.name, self.line, self.server) = (name, line, server)
    }
  }

  /// The keys a section may set.
  enum Key: String, CaseIterable, Hashable, Sendable {
    case server
    case nick
    case channels
    case saslUser = "sasl-user"
    case saslPasswordFile = "sasl-password-file"
    case saslOptional = "sasl-optional"
    case saslKey = "sasl-key"
    case tlsCA = "tls-ca"
    case tlsCertificate = "tls-cert"
    case tlsInsecure = "tls-insecure"
    case tlsFingerprint = "tls-fingerprint"
    case history
    case bot
    case typing
    case monitor
  }

  /// The largest networks file chat reads.
  static let maximumSize = 1 << 20

  /// The file's path, as error messages name it.
  var path: String
  /// The networks, in the file's order.
  var networks: [Network]

  /// Creates a file's contents.
  init(path: String, networks: [Network]) {
    (self.path, self.networks) = (path, networks)
  }

  /// The network called `name` (names compare exactly), or an error listing the known ones.
  func network(named name: String) throws(NetworkConfigurationError) -> Network {
    guard let network = networks.first(where: { $0.name == name }) else {
      throw .unknownNetwork(name, known: networks.map(\.name), path: path)
    }
    return network
  }

  /// Where the networks file is: `$XDG_CONFIG_HOME/chat/networks`, else
  /// `$HOME/.config/chat/networks`; nil when neither variable is set.
  static func defaultPath(environment: [String: String]) -> String? {
    XDGDirectories.configHome(environment).map { $0 + "/chat/networks" }
  }

  /// Reads and parses the file at `path`. A missing file has no networks; `home` expands `~`.
  static func load(path: String, home: String?) throws(NetworksFileError) -> NetworksFile {
    let bytes: [UInt8]
    do {
      bytes = try OpenedFile(path: path).readAll(limit: maximumSize)
    } catch {
      switch error {
      case .system(let code) where code == ENOENT: return NetworksFile(path: path, networks: [])
      case .system(let code): throw .unreadable(path: path, reason: OpenedFile.reason(code))
      case .notRegular: throw .unreadable(path: path, reason: "not a regular file")
      case .tooLarge: throw .malformed(path: path, line: 1, problem: .tooLarge(maximumSize))
      }
    }
    return try NetworksFileParser(path: path, home: home).parse(bytes)
  }
}
