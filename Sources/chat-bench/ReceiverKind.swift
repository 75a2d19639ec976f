import Foundation

/// The programs `chat-bench clients` puts side by side in one channel.
enum ReceiverKind: CaseIterable {
  /// chat's line mode on a pseudo-terminal.
  case chatLine
  /// chat piped, writing JSON lines.
  case chatJSON
  /// irssi on a pseudo-terminal, with its own home directory.
  case irssi
  /// WeeChat headless, with its own directory; it shows nothing, so its log file is watched.
  case weechat
  /// A socket reading the channel and doing nothing else: the network's own share.
  case raw

  /// The row's name in the table.
  var label: String {
    switch self {
    case .chatLine: return "chat, line mode (pty)"
    case .chatJSON: return "chat --renderer jsonl (pipe)"
    case .irssi: return "irssi (pty)"
    case .weechat: return "WeeChat headless (log file)"
    case .raw: return "raw socket"
    }
  }

  /// The nick it registers with, which the sender looks for in `NAMES`.
  var nick: String {
    switch self {
    case .chatLine: return "chatline"
    case .chatJSON: return "chatjson"
    case .irssi: return "irssi"
    case .weechat: return "wc"
    case .raw: return "raw"
    }
  }

  /// The program it runs, by name (chat's own binary is found beside chat-bench).
  var programName: String? {
    switch self {
    case .chatLine, .chatJSON: return "chat"
    case .irssi: return "irssi"
    case .weechat: return "weechat-headless"
    case .raw: return nil
    }
  }

  /// How to get the program where it is missing.
  var installHint: String {
    switch self {
    case .chatLine, .chatJSON: return "swift build -c release"
    case .irssi: return "apt-get install irssi"
    case .weechat: return "apt-get install weechat-headless"
    case .raw: return ""
    }
  }
}

/// Finds programs as a shell would, plus the sbin directories where Debian puts servers.
enum ProgramPath {
  static func find(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    let directories =
      path.split(separator: ":").map(String.init) + ["/usr/bin", "/bin", "/usr/sbin", "/sbin"]
    return directories.map { "\($0)/\(name)" }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }
}
