import Glibc

extension PseudoTerminal {
  /// Starts `binary` on the terminal at `terminal` (as standard input, output and error) with
  /// a clean signal state, in a new session so the terminal becomes its controlling terminal;
  /// returns 0 or an errno.
  static func spawn(
    _ binary: String, arguments: [String], environment: [String], terminal: String,
    pid: inout pid_t
  ) -> Int32 {
    CleanSpawn.spawn(
      binary, arguments: arguments, environment: environment, newSession: true, pid: &pid
    ) { actions in
      posix_spawn_file_actions_addopen(&actions, 0, terminal, O_RDWR, 0)
      posix_spawn_file_actions_adddup2(&actions, 0, 1)
      posix_spawn_file_actions_adddup2(&actions, 0, 2)
    }
  }
}

/// A terminal's modes, comparable: flags and control characters of a `termios`.
struct TerminalModesSnapshot: Equatable, CustomStringConvertible {
  let inputFlags: UInt32
  let outputFlags: UInt32
  let controlFlags: UInt32
  let localFlags: UInt32
  let controlCharacters: [UInt8]

  init(_ modes: termios) {
    inputFlags = modes.c_iflag
    outputFlags = modes.c_oflag
    controlFlags = modes.c_cflag
    localFlags = modes.c_lflag
    var characters = modes.c_cc
    controlCharacters = withUnsafeBytes(of: &characters) { Array($0) }
  }

  var description: String {
    let flags = [inputFlags, outputFlags, controlFlags, localFlags].map { String($0, radix: 8) }
    return "iflag \(flags[0]) oflag \(flags[1]) cflag \(flags[2]) lflag \(flags[3]) "
      + "cc \(controlCharacters)"
  }
}
