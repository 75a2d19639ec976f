import Glibc

extension PseudoTerminal {
  /// glibc's `POSIX_SPAWN_SETSID`, which Swift does not import: the child starts a new session,
  /// so opening the terminal makes it the child's controlling terminal.
  private static let spawnSetSID: Int32 = 0x80

  /// Starts `binary` on the terminal at `terminal` (as standard input, output and error) with
  /// a clean signal state; returns 0 or an errno.
  static func spawn(
    _ binary: String, arguments: [String], environment: [String], terminal: String,
    pid: inout pid_t
  ) -> Int32 {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    var caught = sigset_t()
    sigemptyset(&caught)
    for signal in Int32(1)..<32 where signal != SIGKILL && signal != SIGSTOP {
      sigaddset(&caught, signal)
    }
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setsigdefault(&attributes, &caught)
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | spawnSetSID))

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, terminal, O_RDWR, 0)
    posix_spawn_file_actions_adddup2(&actions, 0, 1)
    posix_spawn_file_actions_adddup2(&actions, 0, 2)

    let argv = ([binary] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup($0) } + [nil]
    defer {
      for string in argv + envp { free(string) }
    }
    return posix_spawn(&pid, binary, &actions, &attributes, argv, envp)
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
