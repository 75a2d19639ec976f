import Foundation
import IRCTestSupport

extension Receiver {
  /// The size of every receiver's terminal: wide enough for a message on one row.
  static let terminalSize = (rows: 40, columns: 120)

  /// Starts the program (found at `program`) so that it connects to 127.0.0.1:`port` and
  /// joins `channels`; on failure the receiver is marked failed, never thrown away.
  func launch(program: String?, port: UInt16, channels: [String]) {
    guard kind != .raw else { return }
    guard let program else {
      fail("missing (\(kind.installHint))")
      return
    }
    let environment = [
      "TERM=xterm", "LANG=C.UTF-8", "PATH=/usr/bin:/bin", "HOME=\(home.path)",
      "XDG_STATE_HOME=\(home.path)/state", "XDG_CONFIG_HOME=\(home.path)/config",
    ]
    let server = "irc://127.0.0.1:\(port)/" + channels.joined(separator: ",")
    switch kind {
    case .chatLine:
      startOnTerminal(program, ["--server", server, "--name", kind.nick], environment)
    case .chatJSON:
      startPiped(
        program, ["--server", server, "--name", kind.nick, "--renderer", "jsonl"], environment)
    case .irssi:
      do {
        try home.write(Self.irssiConfiguration(port: port, channels: channels), to: "config")
      } catch {
        fail("cannot write its config: \(error)")
        return
      }
      startOnTerminal(program, ["--home=\(home.path)"], environment)
    case .weechat:
      // The logger writes every line at once (it buffers for 120 s by default), so that the
      // log shows when WeeChat has taken in each message.
      let commands = [
        "/set logger.file.flush_delay 0",
        "/server add local 127.0.0.1/\(port) -notls -nicks=\(kind.nick) -autojoin="
          + channels.joined(separator: ","),
        "/connect local",
      ]
      logPath = home.file("logs/irc.local.\(channels[0]).weechatlog")
      startPiped(
        program, ["--dir", home.path, "--run-command", commands.joined(separator: ";")],
        environment, keepsInput: false)
    case .raw:
      break
    }
  }

  /// What a program needs once it has joined: irssi opens the channel's window (autojoined
  /// channels open in the background, and irssi draws only the window in front).
  func joined() {
    if kind == .irssi { terminal?.type("/window goto 2\r") }
  }

  /// irssi's config: one server, connected at start-up, and the channels joined on connect.
  static func irssiConfiguration(port: UInt16, channels: [String]) -> String {
    let joins = channels.map { #"  { name = "\#($0)"; chatnet = "bench"; autojoin = "yes"; }"# }
    return """
      servers = (
        { address = "127.0.0.1"; chatnet = "bench"; port = "\(port)"; use_tls = "no";
          tls_verify = "no"; autoconnect = "yes"; }
      );
      chatnets = { bench = { type = "IRC"; }; };
      channels = (
      \(joins.joined(separator: ",\n"))
      );
      settings = { core = { real_name = "bench"; user_name = "irssi"; nick = "irssi"; }; };

      """
  }

  private func startOnTerminal(_ program: String, _ arguments: [String], _ environment: [String]) {
    guard
      let terminal = PseudoTerminal(
        rows: Self.terminalSize.rows, columns: Self.terminalSize.columns)
    else {
      fail("no pseudo-terminal")
      return
    }
    self.terminal = terminal
    descriptor = terminal.master
    process = ChildProcess(
      program, arguments, environment: environment, streams: .terminal(path: terminal.path))
    if process == nil { fail("could not start \(program)") }
  }

  /// Starts `program` with its stdout on a pipe this receiver reads (and, if `keepsInput`,
  /// its stdin on a pipe held open), stderr to a file.
  private func startPiped(
    _ program: String, _ arguments: [String], _ environment: [String], keepsInput: Bool = true
  ) {
    var input: [Int32] = [-1, -1]
    var output: [Int32] = [-1, -1]
    guard pipe(&input) == 0, pipe(&output) == 0 else {
      fail("no pipe: \(String(cString: strerror(errno)))")
      return
    }
    for end in input + output { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    process = ChildProcess(
      program, arguments, environment: environment,
      streams: .descriptorsLoggingErrors(
        input: input[0], output: output[1], errorPath: home.file("stderr")))
    close(input[0])
    close(output[1])
    descriptor = output[0]
    if keepsInput { heldInput = input[1] } else { close(input[1]) }
    if process == nil { fail("could not start \(program)") }
  }
}
