import ChatCore
import ChatRendering
import ChatRuntime
import Glibc
import LineRenderer

/// The full-screen mode (`--renderer screen`): the alternate screen drawn by `ScreenTerminal`,
/// with readline editing the input row (`ScreenEditor`).
///
/// Create it before the runtime (the runtime needs `renderer`), then let `run` drive the
/// runtime: it takes the terminal, and gives it back on every way out (the shell's screen, the
/// cursor, the modes; a crash too, see `TerminalModes`).
public final class ScreenMode {
  /// Why the full screen cannot be drawn here, in words for the user; nil when it can.
  /// A dumb terminal (`TERM=dumb` or none) cannot move its cursor.
  public static func refusal(environment: [String: String]) -> String? {
    let term = environment["TERM"] ?? ""
    guard term.isEmpty || term == "dumb" else { return nil }
    let name = term.isEmpty ? "no TERM" : "TERM=dumb"
    return "the terminal (\(name)) cannot draw the full screen; use --renderer line"
  }

  /// The renderer that draws the screen; give it to the runtime.
  public var renderer: any Renderer { screen }

  private let screen: ScreenTerminal
  private let editor = ScreenEditor()
  private let environment: [String: String]

  /// Prepares the full screen; colour is off with `noColorOption`, `NO_COLOR` or a terminal
  /// without colours.
  public init(noColorOption: Bool, utcOffsetSeconds: Int64) {
    environment = LineMode.environment(["TERM", "NO_COLOR", "HOME", "XDG_STATE_HOME"])
    let color = ANSIStyle.isColorWanted(noColorOption: noColorOption, environment: environment)
    screen = ScreenTerminal(editor: editor, color: color, utcOffsetSeconds: utcOffsetSeconds)
    editor.onRedisplay = { [unowned screen] in screen.drawInput() }
  }

  /// Runs `runtime` on the full screen, and restores the terminal afterwards. `wrapInput` is
  /// handed the input with the terminal's size as the run starts (what `--record` keeps).
  public func run(
    _ runtime: Runtime,
    wrapInput: (any Input, _ width: Int, _ height: Int) throws(SinkError) -> any Input = {
      input, _, _ in input
    }
  ) throws(SinkError) -> Runtime.Outcome {
    LineMode.readUTF8()
    let modes = TerminalModes(
      descriptor: STDIN_FILENO, crashFarewell: TerminalModes.fullScreenFarewell)
    editor.history = HistoryFile(path: HistoryFile.defaultPath(environment: environment))
    editor.history.load()
    screen.write(screen.strings.enterAlternateScreen)
    editor.install()
    let input = ScreenInput(editor: editor, screen: screen)
    let signals = SignalWatcher(signals: LineMode.handledSignals)
    defer {
      editor.remove()
      screen.write(
        screen.strings.style(.plain) + screen.strings.showCursor
          + screen.strings.leaveAlternateScreen)
      editor.history.close()
      modes.restore()
    }
    return try runtime.run(wrapInput(input, screen.width, screen.height), signals: signals)
  }
}
