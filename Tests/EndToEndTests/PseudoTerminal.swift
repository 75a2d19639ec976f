import Glibc
import Testing

/// The built `chat` binary running on a real pseudo-terminal, as a person's terminal runs it.
///
/// The child gets a new session with the terminal as its controlling terminal (so Ctrl-C and
/// Ctrl-D work as typed), an empty signal mask and default signal actions (a Swift Testing
/// runner blocks nearly every signal, and children inherit that), and a fresh temporary HOME
/// and XDG_STATE_HOME so history never touches the real home.
final class PseudoTerminal {
  /// Why the terminal could not be set up.
  enum SetupError: Error, CustomStringConvertible {
    case missingBinary(String)
    case openpty(errno: Int32)
    case spawn(errno: Int32)

    var description: String {
      switch self {
      case .missingBinary(let path): "no chat binary at '\(path)'; run 'swift build' first"
      case .openpty(let code): "openpty failed (errno \(code))"
      case .spawn(let code): "cannot start chat (errno \(code))"
      }
    }
  }

  private(set) var rows: Int
  private(set) var columns: Int
  /// The temporary folder that is the child's HOME; XDG_STATE_HOME is `home + "/state"`.
  let home: String
  private let master: Int32
  /// Kept open so the terminal's modes can still be read after the child exits.
  private let slave: Int32
  /// The terminal's modes before the child started: what leaving must give back. Read after
  /// the start, they may already be the child's own.
  let initialModes: TerminalModesSnapshot
  /// The child's process id, for reading its /proc entries and stopping it.
  let pid: pid_t
  private var exitStatus: Int32?
  /// Everything the child wrote, as it arrived.
  private(set) var transcript: [UInt8] = []
  /// The screen after the first `fedCount` bytes of the transcript. A flood's transcript runs
  /// to megabytes: feeding it whole on every look would make waiting quadratic.
  private lazy var fedScreen = TerminalScreen(rows: rows, columns: columns)
  private var fedCount = 0

  /// Starts `chat arguments` on a new `columns`×`rows` terminal, with `environment` added to
  /// the child's few variables.
  init(
    arguments: [String] = [], rows: Int = 24, columns: Int = 80, environment extra: [String] = []
  ) throws(SetupError) {
    self.rows = rows
    self.columns = columns
    let binary = Self.chatBinary()
    guard access(binary, X_OK) == 0 else { throw .missingBinary(binary) }
    var template = Array("/tmp/chat-pty-XXXXXX".utf8CString)
    home = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }

    var (master, slave): (Int32, Int32) = (-1, -1)
    var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
    var name = [CChar](repeating: 0, count: 4096)
    guard openpty(&master, &slave, &name, nil, &size) == 0 else { throw .openpty(errno: errno) }
    for descriptor in [master, slave] { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
    _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
    (self.master, self.slave) = (master, slave)
    var initial = termios()
    tcgetattr(slave, &initial)
    initialModes = TerminalModesSnapshot(initial)

    let environment =
      [
        "HOME=\(home)", "XDG_STATE_HOME=\(home)/state", "TERM=xterm", "LANG=C.UTF-8",
        "PATH=/usr/bin:/bin",
      ] + extra
    var spawned: pid_t = 0
    let result = Self.spawn(
      binary, arguments: arguments, environment: environment, terminal: Self.string(name),
      pid: &spawned)
    guard result == 0 else { throw .spawn(errno: result) }
    pid = spawned
  }

  deinit {
    if exitStatus == nil {
      kill(pid, SIGKILL)
      var status: Int32 = 0
      waitpid(pid, &status, 0)
    }
    close(master)
    close(slave)
    for path in ["/state/chat/history", "/state/chat", "/state", ""] {
      if unlink(home + path) != 0 { rmdir(home + path) }
    }
  }

  /// What the terminal shows now.
  var screen: TerminalScreen {
    var end = transcript.count
    // A character whose UTF-8 bytes have not all arrived waits for the rest.
    var lead = end - 1
    while lead >= fedCount, lead > end - 4, transcript[lead] & 0xC0 == 0x80 { lead -= 1 }
    if lead >= fedCount, transcript[lead] >= 0xC0 {
      let length = transcript[lead] >= 0xF0 ? 4 : transcript[lead] >= 0xE0 ? 3 : 2
      if end - lead < length { end = lead }
    }
    fedScreen.feed(String(decoding: transcript[fedCount..<end], as: UTF8.self))
    fedCount = end
    return fedScreen
  }

  /// Makes the window `rows` × `columns`, as a person dragging its corner: what arrived so far
  /// is laid out at the old size first; `reflow` says whether the modelled terminal lays
  /// wrapped rows out again (tmux, VTE) or leaves them (xterm). Setting the size on the master
  /// makes the kernel send SIGWINCH to chat (the terminal's foreground process group), once:
  /// a second signal would redraw again, perhaps after the next resize of the model.
  func resize(rows newRows: Int, columns newColumns: Int, reflow: Bool) {
    readOutput(waitingMilliseconds: 0)
    _ = screen
    fedScreen.resize(rows: newRows, columns: newColumns, reflow: reflow)
    (rows, columns) = (newRows, newColumns)
    var size = winsize(
      ws_row: UInt16(newRows), ws_col: UInt16(newColumns), ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
  }

  /// Types `keys`.
  func type(_ keys: String) {
    type(bytes: Array(keys.utf8))
  }

  /// Types `bytes`, which need not be UTF-8.
  func type(bytes: [UInt8]) {
    var bytes = bytes
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeMutableBytes {
        write(master, $0.baseAddress! + offset, $0.count - offset)
      }
      if written > 0 { offset += written } else if errno != EINTR && errno != EAGAIN { return }
    }
  }

  /// The terminal's modes (termios), as the program on it sees them.
  func modes() -> TerminalModesSnapshot {
    var modes = termios()
    tcgetattr(slave, &modes)
    return TerminalModesSnapshot(modes)
  }

  /// Reads output until `condition` holds for the screen or `seconds` pass; records a failure
  /// with the screen and the escaped transcript when time runs out.
  @discardableResult
  func expectScreen(
    _ description: String, within seconds: Double = 20,
    sourceLocation: SourceLocation = #_sourceLocation, _ condition: (TerminalScreen) -> Bool
  ) -> Bool {
    let deadline = Self.now() + seconds
    while !condition(screen) {
      let remaining = deadline - Self.now()
      guard remaining > 0 else {
        Issue.record(
          "timed out waiting for \(description)\n\(report)", sourceLocation: sourceLocation)
        return false
      }
      readOutput(waitingMilliseconds: Int32(remaining * 1000))
    }
    return true
  }

  /// Waits for the child to exit; its exit status (128 + n for signal n), nil after `seconds`.
  func waitForExit(within seconds: Double = 20) -> Int32? {
    let deadline = Self.now() + seconds
    while exitStatus == nil, Self.now() < deadline {
      var status: Int32 = 0
      if waitpid(pid, &status, WNOHANG) == pid {
        exitStatus = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + status & 0x7F
      } else {
        readOutput(waitingMilliseconds: 20)  // Output keeps flowing while chat finishes.
      }
    }
    readOutput(waitingMilliseconds: 0)
    return exitStatus
  }

  /// The screen and every byte received, escaped, for failure messages.
  var report: String {
    var escaped = ""
    for byte in transcript {
      switch byte {
      case 0x1B: escaped += "\\e"
      case 0x0A: escaped += "\\n\n"
      case 0x0D: escaped += "\\r"
      case 0x20..<0x7F, 0x80...: escaped.unicodeScalars.append(Unicode.Scalar(byte))
      default: escaped += "\\x" + String(byte, radix: 16)
      }
    }
    return "--- screen ---\n\(screen.text)\n--- transcript ---\n\(escaped)"
  }

  private func readOutput(waitingMilliseconds timeout: Int32) {
    var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
    guard poll(&descriptor, 1, timeout) > 0 else { return }
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
      guard count > 0 else { return }
      transcript += chunk[..<count]
    }
  }

  /// The text of a NUL-terminated C buffer.
  private static func string(_ buffer: [CChar]) -> String {
    let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    return String(decoding: bytes, as: UTF8.self)
  }

  private static func now() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
  }

  /// The `chat` built beside this test bundle (`.build/<triple>/debug/`), or else in the
  /// package's `.build/debug/`.
  private static func chatBinary() -> String {
    var buffer = [CChar](repeating: 0, count: 4096)
    if readlink("/proc/self/exe", &buffer, buffer.count - 1) > 0 {
      let bundle = Self.string(buffer)
      if let slash = bundle.lastIndex(of: "/") {
        let candidate = String(bundle[..<slash]) + "/chat"
        if access(candidate, X_OK) == 0 { return candidate }
      }
    }
    let source = "\(#filePath)"
    let root = source.firstRange(of: "/Tests/EndToEndTests/").map { source[..<$0.lowerBound] }
    return (root.map(String.init) ?? ".") + "/.build/debug/chat"
  }
}
