import ChatCore
import ChatRendering
import ChatRuntime
import Glibc
import LineRenderer

/// The interactive line mode: GNU readline at the prompt, the conversation printed above it.
///
/// Create it before the runtime (the runtime needs `renderer`), then let `run` drive the
/// runtime: it takes the terminal, and gives it back in the state it found it on every way
/// out, a crash included (see `TerminalModes`).
public final class LineMode {
  /// The signals line mode acts on (see `ReadlineInput`).
  static let handledSignals = [SIGINT, SIGTERM, SIGHUP, SIGWINCH, SIGTSTP, SIGCONT]

  /// Whether standard input and output are both terminals: readline must not run otherwise,
  /// or it echoes the prompt and escape bytes into a pipe.
  public static var isAvailable: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

  /// The renderer that draws on the terminal; give it to the runtime.
  public var renderer: any Renderer { terminalRenderer }

  private let terminalRenderer: TerminalRenderer
  private let editor: LineEditor
  private let environment: [String: String]

  /// Prepares line mode; colour is off with `noColorOption`, `NO_COLOR` or `TERM=dumb`. A
  /// mention rings the bell unless `bell` is false (`--no-bell`); `formattingKeys` binds the
  /// keys that type IRC formatting codes (`FormattingKeys`), for network runs.
  public init(
    noColorOption: Bool, utcOffsetSeconds: Int64, bell: Bool = true, formattingKeys: Bool = false
  ) {
    environment = Self.environment(["TERM", "NO_COLOR", "HOME", "XDG_STATE_HOME"])
    let term = environment["TERM"] ?? ""
    editor = LineEditor(canMoveCursor: !term.isEmpty && term != "dumb")
    editor.bindsFormattingKeys = formattingKeys
    let color = ANSIStyle.isColorWanted(noColorOption: noColorOption, environment: environment)
    terminalRenderer = TerminalRenderer(
      formatter: LineFormatter(color: color, utcOffsetSeconds: utcOffsetSeconds), editor: editor,
      bell: bell)
  }

  /// Runs `runtime` with readline as its input, and restores the terminal afterwards.
  public func run(
    _ runtime: Runtime,
    wrapInput: (any Input, _ width: Int?) throws(SinkError) -> any Input = { input, _ in input }
  ) throws(SinkError) -> Runtime.Outcome {
    Self.readUTF8()
    let modes = TerminalModes(descriptor: STDIN_FILENO)
    editor.history = HistoryFile(path: HistoryFile.defaultPath(environment: environment))
    editor.history.load()
    let input = ReadlineInput(editor: editor)
    let signals = SignalWatcher(signals: Self.handledSignals)
    defer {
      editor.remove()
      editor.history.close()
      modes.restore()
    }
    return try runtime.run(wrapInput(input, terminalWidth()), signals: signals)
  }

  /// Makes readline read UTF-8, as chat writes it whatever the locale says.
  ///
  /// Readline takes its character set from the locale's environment variables when it starts.
  /// Under `LANG=C` or no locale at all it would read each byte of a multi-byte character as
  /// a Meta key (typing 漢 ran key bindings), so a locale that is not UTF-8 gives way to
  /// C.UTF-8 for this process, which starts no other programs.
  static func readUTF8() {
    if setlocale(LC_CTYPE, "") != nil, String(cString: nl_langinfo(nl_item(CODESET))) == "UTF-8" {
      return
    }
    setenv("LC_ALL", "C.UTF-8", 1)
    setlocale(LC_CTYPE, "C.UTF-8")
  }

  static func environment(_ names: [String]) -> [String: String] {
    var values: [String: String] = [:]
    for name in names {
      if let value = getenv(name) { values[name] = String(cString: value) }
    }
    return values
  }

  /// The terminal's width in columns, if the terminal says.
  private func terminalWidth() -> Int? {
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }
}
