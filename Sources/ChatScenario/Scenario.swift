import ChatCore
import ChatProfile
import ChatRendering
import ChatSession

/// A scripted run of chat: a few settings, then what the user types and when.
///
/// Scenario files (`*.chat`) are plain UTF-8 text, read line by line:
///
///     # A comment: a line whose first non-blank character is '#'. Blank lines are ignored.
///     seed 42
///     name Alice
///     peer "Bob "
///     width 40
///
///     0ms     | hello
///     0.050s  | typed 50 ms after the start, before the first echo
///     +1s     | typed one second after the previous entry
///     1.500s  "escapes: \e[2J \t \u{202E} \"quoted\""
///     2s      |
///     2s      |   leading spaces are kept
///     3s      | /quit
///     4s      end
///
/// **Settings** come before the first entry, at most once each: `seed` (a whole number: reply
/// texts and every id derive from it; default 1), `name` (the local user; default `PersonA`),
/// `peer` (the simulated peer; default `Person B`), `width` (the terminal width the line mode
/// renders at, 1–1000, or `none` for no wrapping; default 80), `height` (the terminal height
/// the full screen draws at, 1–1000; default 24), `faults` (simulated network faults, as `--faults` takes them:
/// `drop=0.1,duplicate=0.05,jitter=80ms,disconnect=0.01`; default none), `burst` (how many
/// messages the peer answers each message with; default 1). A setting's value is the rest of the line without
/// surrounding blanks, or a quoted string.
///
/// **Entries** are a time, blanks (optional before `|` and `"`), and what happens then. A time
/// is milliseconds (`250ms`) or seconds with up to three decimals (`1.250s`, `2s`), counted
/// from the start of the run; with a leading `+` it counts from the previous entry instead.
/// Times never go back (equal times are fine: those entries happen at the same instant, in
/// file order). What happens:
/// - `| text`: the user types `text`. Everything after the `|` is typed verbatim, except one
///   space right after the `|`; `|` alone types an empty line.
/// - `"text"`: the user types `text`, written with escapes: `\\` `\"` `\0` `\e` `\n` `\r` `\t`
///   and `\u{1F600}` (1 to 6 hex digits). Nothing but blanks may follow the closing quote.
///   Use it for control characters and for text with trailing blanks.
/// - `key NAME`: the user presses a key of the full screen: `PgUp`, `PgDn`, `Alt-1` …
///   `Alt-0`, `Ctrl-N`, `Ctrl-P`, `Alt-A`, `Alt-Shift-B`, `Alt-Shift-N` (any case). A switch
///   types the command it stands for (`/win 3`), in every renderer; the other keys change only
///   the full screen's view (`screen.txt`), and the other renderers ignore them.
/// - `end`: the input closes (Ctrl-D, the end of a pipe). Without it, input ends right after
///   the last entry. Only `quit` may follow it.
/// - `quit`: the user insists on quitting (Ctrl-C while chat waits for replies). A typed
///   `/quit` is an ordinary `| /quit` line. As after `end`, only `quit` may follow it.
/// - `reached N`: what `--record` writes where the session's events went between two
///   entries of one instant: the entry after it is a step of its own, typed after the
///   session's events due then (`N` counts the actions the core had been handed by then).
///
/// Each line is decoded on its own: invalid UTF-8 becomes U+FFFD (so a fixture can hold it).
/// A byte-order mark at the start, CRLF line ends and a last line without a newline are fine.
/// A line cannot type a newline, and a trailing `\r` is read as part of a CRLF line end: use
/// the quoted form for those.
///
/// Scenarios play on the virtual clock (see `Scenario.play(renderers:)`): the first entry's
/// time 0 is `Timestamp.virtualEpoch`. Session events due at the same instant as an entry
/// happen before it, as they would on a live clock that reached that instant first. Entries
/// of one instant are typed together, as one step, unless a `reached` stands between them.
public struct Scenario: Equatable, Sendable {
  /// The seed of reply texts and ids; nil means `Scenario.defaultSeed`.
  public var seed: UInt64?
  /// The local user's name; nil keeps the app's default.
  public var name: String?
  /// The simulated peer's name; nil keeps the session's default.
  public var peer: String?
  /// The terminal width for the line mode; nil means `Scenario.defaultWidth`, unless
  /// `isUnwrapped`.
  public var width: Int?
  /// Whether the line format is left unwrapped (`width none`): a recording of a run whose
  /// line format went to a pipe or a file, which chat does not wrap. `width` is then nil.
  public var isUnwrapped = false
  /// The terminal height for the full screen; nil means `Scenario.defaultHeight`.
  public var height: Int?
  /// Simulated network faults; nil means none.
  public var faults: Faults?
  /// How many messages the peer answers each message with; nil means 1.
  public var burst: Int?
  /// The connection of a recorded network run (its header: never a secret, never a path);
  /// nil for the simulated peer. With it, the scenario is a recording: its link entries
  /// replay through the IRC protocol client. Its nick and seed are `name` and `seed`.
  public var network: ConnectionProfile?
  /// The wall-clock moment a recording started: a replay's clock starts there, so every
  /// time it shows is the live run's. Nil starts at `Timestamp.virtualEpoch`.
  public var start: Timestamp?
  /// The local time zone's offset from UTC, in seconds, of a recorded run (nil: UTC).
  public var utcOffsetSeconds: Int64?
  /// What happens, in time order.
  public var entries: [Entry]

  /// The seed used when a scenario names none: the same as `chat --virtual-time`.
  public static let defaultSeed: UInt64 = 1
  /// The terminal width the line mode renders at when a scenario names none.
  public static let defaultWidth = 80
  /// The widths a scenario may ask for.
  public static let widths = 1...1000
  /// The terminal height the full screen draws at when a scenario names none.
  public static let defaultHeight = 24
  /// The heights a scenario may ask for.
  public static let heights = 1...1000

  /// The height of the full screen's terminal: the scenario's or the default.
  public var screenHeight: Int { height ?? Self.defaultHeight }
  /// The width of the full screen's terminal: the scenario's or the default (also when the
  /// line format is left unwrapped).
  public var screenWidth: Int { width ?? Self.defaultWidth }

  /// The width the line format wraps at: the scenario's, the default, or none
  /// (`isUnwrapped`).
  public var lineWidth: Int? { isUnwrapped ? nil : width ?? Self.defaultWidth }

  /// Creates a scenario.
  public init(
    seed: UInt64? = nil, name: String? = nil, peer: String? = nil, width: Int? = nil,
    faults: Faults? = nil, burst: Int? = nil, network: ConnectionProfile? = nil,
    start: Timestamp? = nil,
    utcOffsetSeconds: Int64? = nil, entries: [Entry] = []
  ) {
    self.network = network
    self.start = start
    self.utcOffsetSeconds = utcOffsetSeconds
    self.faults = faults
    self.burst = burst
    self.seed = seed
    self.name = name
    self.peer = peer
    self.width = width
    self.entries = entries
  }

  /// One thing the user does, at a moment counted from the start of the run.
  public struct Entry: Equatable, Sendable {
    /// Milliseconds from the start of the run.
    public var milliseconds: Int64
    /// What the user does.
    public var event: Event

    /// Creates an entry.
    public init(milliseconds: Int64, event: Event) {
      self.milliseconds = milliseconds
      self.event = event
    }
  }

  /// What the user can do in a scenario, and what a recording's link carried.
  public enum Event: Equatable, Sendable {
    /// The input closes.
    case end
    /// The user insists on quitting.
    case quit
    /// The user types a line (without its newline).
    case typed(String)
    /// The user presses a key of the full screen (`key PgUp`): a switch types its command,
    /// the other keys change only the full screen's view.
    case pressed(ScreenKey)
    /// A signal stopped the run (a recording of a run ended by SIGINT, SIGTERM or SIGHUP).
    case signal(Int32)
    /// Something happened on a recorded network run's link.
    case link(LinkEvent)
    /// The core had been handed the session's first `count` actions when the entry right
    /// after it happened. Before a typed entry it begins a step of its own, even at the
    /// instant of the one before; a recording's replay hands the core exactly `count`
    /// before it, and holds the rest until it has played. (In a scenario of the simulated
    /// peer, whose replay makes its actions again, only the step counts.)
    case reached(count: Int)

    /// Whether it is a `signal`.
    var isSignal: Bool {
      if case .signal = self { true } else { false }
    }

    /// Whether the user did it (rather than the link): what the input plays.
    public var isTyped: Bool {
      switch self {
      case .link, .reached: false
      case .end, .quit, .typed, .pressed, .signal: true
      }
    }
  }
}
