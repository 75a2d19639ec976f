import ChatCore
import ChatRendering
import ChatRuntime
import ChatSession
import Glibc
import JSONLinesRenderer
import LineRenderer
import LogRenderer
import ReadlineRenderer
import ScreenRenderer

/// The `chat` program: reads the command line, wires a run together, and maps every outcome
/// and error to an exit status. The executable calls `main` and nothing else.
public enum ChatCommand {
  /// The program's version.
  public static let version = "0.1.0"

  /// Runs chat with `arguments` (without the program name) and returns the exit status.
  public static func main(_ arguments: [String]) -> Int32 {
    // Piped input never arrives as arguments, so a first argument `verify` is the subcommand.
    if arguments.first == "verify" {
      let ci = getenv("CI").map { String(cString: $0) }
      return VerifyCommand.main(Array(arguments.dropFirst()), ciValue: ci)
    }
    let options: Options
    do {
      options = try Options(parsing: arguments)
    } catch {
      return fail(error.description, hint: "see 'chat --help'", status: .usage)
    }
    if options.help {
      writeOut(usage)
      return ExitStatus.success.rawValue
    }
    if options.version {
      writeOut("chat \(version)\n")
      return ExitStatus.success.rawValue
    }
    do {
      try options.checkFilesAreDistinct()
    } catch {
      return fail(error.description, hint: "see 'chat --help'", status: .usage)
    }
    if let path = options.record, let refusal = refuseExisting(recording: path) {
      return refusal
    }
    if let path = options.scenario { return playScenario(at: path, options) }
    if options.renderer == .screen, let refusal = screenRefusal(options) {
      return fail(refusal, hint: "see 'chat --help'", status: .usage)
    }
    if options.network.connects { return connect(options) }
    do {
      // A reader that goes away stops chat by SIGPIPE, quietly; only with SIGPIPE ignored
      // does a write see EPIPE, and then it is an output error like any other (74).
      return try run(options)
    } catch {
      return fail(error.description, status: status(for: error))
    }
  }

  private static func run(_ options: Options) throws(SinkError) -> Int32 {
    try run(options, network: nil)
  }

  /// Runs chat with the simulated peer, or with `network`'s session when given.
  static func run(_ options: Options, network: NetworkRun?) throws(SinkError) -> Int32 {
    let seed =
      network?.profile.seed ?? options.seed
      ?? (options.virtualTime ? Options.defaultVirtualSeed : randomSeed())
    var configuration = SimulatedSession.Configuration(peerName: options.peer)
    configuration.faults = options.faults
    configuration.burst = options.burst

    // The run's one clock: the runtime waits on it, or jumps it on virtual time.
    let clock: any Clock = options.virtualTime && network == nil ? VirtualClock() : LiveClock()
    let utcOffset = options.virtualTime ? 0 : localUTCOffsetSeconds()
    // Line mode takes the terminal when both ends are one. The line format shows notices in
    // the transcript itself; the other formats leave them to standard error.
    let lineMode =
      (options.renderer ?? .line) == .line && options.input == .text && LineMode.isAvailable
      ? LineMode(
        noColorOption: options.noColor, utcOffsetSeconds: utcOffset,
        bell: network?.profile.bell ?? true,
        formattingKeys: network != nil) : nil
    let screenMode =
      options.renderer == .screen
      ? ScreenMode(noColorOption: options.noColor, utcOffsetSeconds: utcOffset) : nil
    var renderers: [any Renderer] =
      if let lineMode {
        [lineMode.renderer]
      } else if let screenMode {
        [screenMode.renderer]
      } else if options.renderer == .line {
        [renderer(.line, utcOffset: utcOffset, sink: FileSink(descriptor: 1))]
      } else {
        [
          renderer(options.renderer ?? .log, utcOffset: utcOffset, sink: FileSink(descriptor: 1)),
          StreamRenderer(NoticeFormatter(), sink: FileSink(descriptor: 2)),
        ]
      }
    renderers += try fileRenderers(options, utcOffset: utcOffset)
    // Live runs dispatch a frame at a time so a flood stays responsive; virtual runs never
    // read the wall clock.
    let runtime =
      if let network {
        networkRuntime(
          network.profile, session: network.session, clock: clock, renderers: renderers,
          frameBudget: .display, scrollback: options.scrollback, policyStore: network.policies)
      } else {
        Runtime(
          simulating: configuration, seed: seed,
          state: AppState(localName: options.name, scrollback: options.scrollback),
          clock: clock, renderers: renderers, frameBudget: options.virtualTime ? nil : .display)
      }
    // `--record` watches the loop, whichever input the run reads (the terminal's included),
    // once the terminal's size is known (the full screen's height too).
    let record = { (input: any ChatRuntime.Input, width: Int?, height: Int?) throws(SinkError) in
      guard let path = options.record else { return input }
      runtime.observer = try recorder(
        path: path, clock: clock, seed: seed, options: options, width: width, height: height,
        network: network, utcOffset: utcOffset)
      return input
    }
    let outcome: Runtime.Outcome
    if let lineMode {
      outcome = try lineMode.run(runtime) { input, width throws(SinkError) in
        try record(input, width, nil)
      }
    } else if let screenMode {
      outcome = try screenMode.run(runtime) { input, width, height throws(SinkError) in
        try record(input, width, height)
      }
    } else {
      let signals = SignalWatcher(signals: [SIGINT, SIGTERM, SIGHUP])
      let input = standardInput(options)
      outcome = try runtime.run(record(input, nil, nil), signals: signals)
    }
    switch outcome {
    case .completed: return exitStatus(of: runtime.state)
    case .terminated(let signal): return ExitStatus.signalBase + signal
    case .failed(let error): return fail(error.description, status: .systemError)
    }
  }

  /// The exit status of a run that completed, as the core left it (`AppState.exitStatus`:
  /// 69 the server unavailable, 77 the login refused, 75 a message not delivered), saying why
  /// on standard error. Live and replayed runs alike.
  static func exitStatus(of state: AppState) -> Int32 {
    guard let reason = state.exitReason else { return state.exitStatus }
    writeAll(2, "chat: \(reason)\n")
    return state.exitStatus
  }

  /// Standard input read as `--input` says, for a run that does not take the terminal.
  static func standardInput(_ options: Options) -> any ChatRuntime.Input {
    switch options.input {
    case .text: FileInput(descriptor: 0)
    case .jsonl: JSONLinesInput(descriptor: 0)
    }
  }

  /// The exit status for an output error (sysexits): 73 cannot create, 74 I/O error.
  static func status(for error: SinkError) -> ExitStatus {
    if case .cannotCreate = error { .cannotCreate } else { .outputError }
  }

  static func renderer(
    _ kind: Options.RendererKind, utcOffset: Int64, width: Int? = nil, height: Int? = nil,
    sink: any TextSink
  ) -> any Renderer {
    switch kind {
    case .line:
      StreamRenderer(LineFormatter(width: width, utcOffsetSeconds: utcOffset), sink: sink)
    case .log: StreamRenderer(LogFormatter(utcOffsetSeconds: utcOffset), sink: sink)
    case .jsonl: StreamRenderer(JSONLinesFormatter(), sink: sink)
    case .screen:
      ScreenSnapshotRenderer(
        width: width ?? 80, height: height ?? 24, utcOffsetSeconds: utcOffset, sink: sink)
    }
  }

  /// Why `--renderer screen` cannot run here (a live run needs a terminal that can move its
  /// cursor, and typed input), or nil.
  static func screenRefusal(_ options: Options) -> String? {
    let term = getenv("TERM").map { String(cString: $0) }
    if let refusal = ScreenMode.refusal(environment: term.map { ["TERM": $0] } ?? [:]) {
      return refusal
    }
    guard LineMode.isAvailable else {
      return "--renderer screen needs a terminal on standard input and output"
    }
    guard options.input == .text else {
      return "--renderer screen reads the keyboard, not --input jsonl"
    }
    return nil
  }

  private static func randomSeed() -> UInt64 {
    var generator = SystemRandomNumberGenerator()
    return generator.next()
  }

  private static func localUTCOffsetSeconds() -> Int64 {
    var now = time(nil)
    var parts = tm()
    localtime_r(&now, &parts)
    return Int64(parts.tm_gmtoff)
  }

  @discardableResult
  static func fail(_ message: String, hint: String? = nil, status: ExitStatus) -> Int32 {
    var text = "chat: \(message)\n"
    if let hint { text += "chat: \(hint)\n" }
    writeAll(2, text)
    return status.rawValue
  }

  private static func writeOut(_ text: String) { writeAll(1, text) }

  private static func writeAll(_ descriptor: Int32, _ text: String) {
    let sink = FileSink(descriptor: descriptor)
    try? sink.write(Array(text.utf8))
    try? sink.flush()
  }

  /// `chat --help`: the options, then every exit status (`ExitStatus`, the one list).
  static var usage: String { options + "\n" + ExitStatus.helpParagraph() + "\n" }

  private static let options = """
    USAGE: chat [options]
           chat --server irc[s]://HOST[:PORT][/#channel[,#other]] [options]
           chat --network NAME [options]
           chat verify [--record] DIR   (snapshot-test a folder of cases; see chat verify --help)

    Chat with a simulated peer, or on an IRC server. On a terminal, type at the prompt;
    otherwise every line of standard input is a message (a line starting with / is a command:
    /help, /quit, /retry; //text sends /text). When input ends, chat waits for every reply,
    then exits.

    OPTIONS (each at most once; --log, --jsonl, --record and --scenario name different files):
      --renderer line|log|jsonl|screen
                                 what standard output shows (default: line on a terminal,
                                 log otherwise and with --scenario); screen: the full
                                 screen, with a buffer list, a nick list and scrollback
      --input text|jsonl         what standard input holds: typed lines (default), or one
                                 JSON request per line, such as
                                 {"type":"send","conversation":"#ops","text":"hi"}
      --virtual-time             run on the virtual clock: no waiting, reproducible output;
                                 piped lines are typed one exchange at a time
      --seed N                   seed for generated ids and reply texts (default: random,
                                 or 1 with --virtual-time)
      --name NAME                your name (default: PersonA)
      --peer NAME                the peer's name (default: Person B)
      --log FILE                 also write the plain-text log to FILE
      --jsonl FILE               also write JSON lines to FILE
      --scenario FILE            play the scenario in FILE on the virtual clock and print
                                 what the renderer shows; the file sets seed and names
      --record FILE              also write what you type, with its timing, to FILE as a
                                 scenario that --scenario plays back; with a server, also
                                 what the server sent (a recording; no password)
      --faults SPEC              simulate network faults, e.g.
                                 drop=0.1,duplicate=0.05,jitter=80ms,disconnect=0.01
      --burst N                  the peer answers each message with N messages at once
      --scrollback N             keep at most N recent messages in memory (default 5000)
      --no-color                 no colour in the line mode (also: NO_COLOR, TERM=dumb)
      -h, --help                 show this help
      --version                  show the version
      --log-dir DIR              also write each conversation's log to a file in DIR

    IRC (with --server or --network; the simulated peer's options do not apply):
      --server URL               irc://HOST[:PORT] (plaintext, port 6667) or ircs://HOST[:PORT]
                                 (TLS, port 6697), optionally /#channel,#other to join
      --network NAME             the [NAME] section of $XDG_CONFIG_HOME/chat/networks
                                 (default ~/.config/chat/networks); flags override it
      --name NAME                your nick (default: from $USER)
      --join CHANNELS            also join these, comma-separated: --join '#a,#b'
      --tls-ca FILE              trust this CA (PEM) instead of the system's
      --tls-cert FILE            present this client certificate (PEM, with its key)
                                 (with irc://, both wait for an STS upgrade to TLS)
      --tls-fingerprint SHA256   accept only the server certificate with this SHA-256
                                 (hex, colons optional), whatever its issuer (self-signed)
      --tls-insecure             do not verify the server's certificate (shown while on;
                                 ircs:// only: an STS upgrade is always verified)
      --sasl-user NAME           log in with SASL PLAIN as NAME; the password comes from
                                 CHAT_SASL_PASSWORD or --sasl-password-file, never an argument;
                                 with no password and a --tls-cert, SASL EXTERNAL
      --sasl-password-file FILE  read the password from FILE (only you may read it: 0600)
      --sasl-key FILE            log in with SASL ECDSA-NIST256P-CHALLENGE, signing with the
                                 PEM EC P-256 private key in FILE (0600)
      --sasl-optional            register even if SASL fails (default: refuse)
      --no-bell                  do not ring the bell when someone mentions you
      --keep-listening           stay connected after input ends, until a signal
      --bot                      mark yourself as a bot where the server has a bot mode
      --no-typing                do not tell others when you are typing (line mode)
      --pacing BURST/MS          send at most BURST lines at once, then one per MS
                                 milliseconds (default 5/1000, for default flood limits)
      --history N                on joining a channel or opening a private chat, show its
                                 N latest messages from a server that keeps history
                                 (default 50; 0: none, not even what a reconnect missed)

    """
}
