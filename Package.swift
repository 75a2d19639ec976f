// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "chat",
  products: [
    .executable(name: "chat", targets: ["chat"]),
    .executable(name: "chat-bench", targets: ["chat-bench"]),
  ],
  dependencies: [],
  targets: [
    // The pure Model-View-Update core: state, actions, effects, update. No I/O, no clocks.
    .target(name: "ChatCore"),
    .testTarget(name: "ChatCoreTests", dependencies: ["ChatCore"]),

    // Sessions that turn sends into events: the seed's simulated peer, seeded ids, timers.
    .target(name: "ChatSession", dependencies: ["ChatCore"]),
    .testTarget(
      name: "ChatSessionTests", dependencies: ["ChatSession", "ChatCore", "IRCTestRequirements"]),

    // OpenSSL 3 as a system library, and the non-blocking byte streams (TCP, TLS) under a
    // network session: no runtime, no protocol, just bytes and readiness.
    .systemLibrary(
      name: "CTLS",
      providers: [.apt(["libssl-dev"])]
    ),
    .target(name: "ChatTransport", dependencies: ["CTLS"]),
    .testTarget(name: "ChatTransportTests", dependencies: ["ChatTransport"]),

    // Real IRC servers for the network tests and the benchmark: InspIRCd, ngircd and Atheme
    // started and stopped by their user, a raw protocol client, throwaway certificates, a
    // fault-injecting proxy and the process helpers under them. Under Sources/ (not Tests/) and
    // free of Swift Testing, because the shipped `chat-bench` runs the same servers and must
    // depend on no test target; it depends on none of ours either.
    .target(name: "IRCTestSupport"),
    // The Swift Testing side of it: the `.requires(...)` trait and `recordIfMissing`.
    .target(
      name: "IRCTestRequirements", dependencies: ["IRCTestSupport", "ChatCore"],
      path: "Tests/IRCTestRequirements"),
    .testTarget(name: "IRCServerTests", dependencies: ["IRCTestSupport", "IRCTestRequirements"]),

    // IRC formatting codes (bold, colours, ...): text into styled runs, or stripped of them.
    // A target of its own, because two sides need it and neither may depend on the other: the
    // renderers show the codes as styles or leave them out, and the protocol strips them to
    // see whether a line mentions our nick. ChatCore knows nothing of IRC, so it is not there.
    .target(name: "IRCFormattingCodes"),

    // The IRC protocol, pure: messages, ISUPPORT, splitting, pacing and the client state
    // machine fed lines and times. No sockets here, and nothing of rendering.
    .target(name: "ChatIRC", dependencies: ["ChatCore", "IRCFormattingCodes"]),
    // OpenSSL behind the protocol's SASL crypto (`IRCSASLCrypto`): SCRAM's hashes, PBKDF2 and
    // nonces. Apart from ChatIRC so that the protocol stays pure and links no crypto library.
    .target(name: "ChatCrypto", dependencies: ["ChatIRC", "CTLS"]),
    .testTarget(
      name: "ChatIRCTests",
      dependencies: ["ChatIRC", "ChatCore", "ChatCrypto", "IRCTestRequirements"]),

    // The IRC session: the protocol client over a TCP or TLS stream, joined to the runtime's
    // one loop as a `Session`. Kept apart so that ChatIRC stays free of sockets.
    .target(
      name: "ChatIRCSession",
      dependencies: ["ChatCore", "ChatSession", "ChatIRC", "ChatTransport"]
    ),
    .testTarget(
      name: "ChatIRCSessionTests",
      dependencies: [
        "ChatIRCSession", "ChatIRC", "ChatCore", "ChatSession", "ChatRendering", "ChatRuntime",
        "IRCTestSupport", "IRCTestRequirements",
      ]
    ),

    // What every renderer shares: change tracking, the sanitiser, times, sinks, and IRC
    // formatting codes in topics and reasons. No protocol: it does not link ChatIRC.
    .target(name: "ChatRendering", dependencies: ["ChatCore", "IRCFormattingCodes"]),
    // With the formatting codes' own tests, since rendering is what they are for.
    .testTarget(
      name: "ChatRenderingTests", dependencies: ["ChatRendering", "ChatCore", "IRCFormattingCodes"]),

    // JSON lines, read and written: the strict parser of `--input jsonl` and the hand-written
    // writer (with its RFC 3339 times) of `--renderer jsonl`. It writes through ChatRendering's
    // ByteWriter, so that a JSON line is reserved and written in one go like any other.
    .target(name: "ChatJSON", dependencies: ["ChatCore", "ChatRendering"]),
    .testTarget(name: "ChatJSONTests", dependencies: ["ChatJSON", "ChatCore", "ChatRendering"]),

    // Formatters for piped output.
    // The log reads IRC formatting codes to leave them out.
    .target(
      name: "LogRenderer", dependencies: ["ChatCore", "ChatRendering", "IRCFormattingCodes"]),
    .target(name: "JSONLinesRenderer", dependencies: ["ChatCore", "ChatRendering", "ChatJSON"]),
    .testTarget(
      name: "RendererTests",
      dependencies: ["LogRenderer", "JSONLinesRenderer", "ChatRendering", "ChatCore"]
    ),

    // The serial loop: clocks, inputs, effect interpretation, renderer plumbing. It reads
    // `--input jsonl` requests with ChatJSON's parser.
    .target(
      name: "ChatRuntime",
      dependencies: ["ChatCore", "ChatSession", "ChatRendering", "ChatJSON"]
    ),
    .testTarget(
      name: "ChatRuntimeTests",
      dependencies: [
        "ChatRuntime", "ChatJSON", "ChatCore", "ChatSession", "ChatRendering", "LogRenderer",
        "JSONLinesRenderer",
      ]
    ),

    // The connection profile: where and how a network run connects (server, nick, channels,
    // TLS, SASL without its secret's text, pacing...), resolved once by the command line and
    // kept in a recording's header. A target of its own so that the recording format can hold
    // it without the session or the transport: it names the pure protocol's own values
    // (pacing, a secret), hence ChatIRC, and quotes bad input with the one sanitiser.
    .target(name: "ChatProfile", dependencies: ["ChatCore", "ChatIRC", "ChatRendering"]),
    .testTarget(name: "ChatProfileTests", dependencies: ["ChatProfile"]),

    // Scenario files and recordings: the format only (parse, write), and the inputs that play
    // and record them. No session, no transport: a recording's replay is wired by the command
    // line, as its live run was.
    .target(
      name: "ChatScenario",
      dependencies: [
        "ChatCore", "ChatSession", "ChatRendering", "ChatRuntime", "ChatIRC", "ChatProfile",
      ]
    ),
    .testTarget(
      name: "ChatScenarioTests",
      dependencies: [
        "ChatScenario", "ChatCore", "ChatSession", "ChatRendering", "ChatRuntime", "LogRenderer",
        "ChatIRC", "ChatProfile", "JSONLinesRenderer",
      ]
    ),

    // The line format, pure: what line mode prints above the prompt and what the line
    // snapshots hold (times, markers, sender colours, IRC formatting as terminal styles,
    // wrapping by display width). No readline, so `chat verify` and the snapshot suite
    // link none.
    .target(
      name: "LineRenderer", dependencies: ["ChatCore", "ChatRendering", "IRCFormattingCodes"]),
    .testTarget(
      name: "LineRendererTests", dependencies: ["LineRenderer", "ChatCore", "ChatRendering"]),

    // The full-screen format, pure: a grid of cells drawn from the state (a title, a buffer
    // list, the active conversation's rows, a nick list, status and input rows), the diff that
    // writes only what changed, and the snapshot of the last screen. No readline, no terminal.
    .target(
      name: "ScreenRenderer",
      dependencies: ["ChatCore", "ChatRendering", "IRCFormattingCodes", "LineRenderer"]),
    .testTarget(
      name: "ScreenRendererTests", dependencies: ["ScreenRenderer", "ChatCore", "ChatRendering"]),

    // ncurses' terminfo library (libtinfo, which Debian's readline loads too) as a system
    // library: what the terminal can do (cursor moves, the alternate screen, colours) for the
    // full-screen mode; no curses windows.
    .systemLibrary(
      name: "CTerminfo",
      providers: [.apt(["libncurses-dev"])]
    ),

    // GNU readline as a system library, and the interactive line mode built on it: the
    // prompt, completion, history, and the line format printed above the prompt; and the
    // full-screen mode's terminal (terminfo, frames, readline drawing into the input row).
    .systemLibrary(
      name: "CReadline",
      providers: [.apt(["libreadline-dev"])]
    ),
    .target(
      name: "ReadlineRenderer",
      dependencies: [
        "ChatCore", "ChatRuntime", "ChatRendering", "LineRenderer", "CReadline", "ScreenRenderer",
        "CTerminfo",
      ]
    ),
    .testTarget(
      name: "ReadlineRendererTests",
      dependencies: ["ReadlineRenderer", "ChatCore", "ChatRendering", "IRCTestRequirements"]),

    // Snapshot testing of case folders (a scenario plus one snapshot per renderer): the
    // renderer table, the comparison and readable diff, and `chat verify`'s walk and report.
    // Shared by the repository's own snapshot suite and the `chat verify` command. The
    // formatters only: no readline.
    .target(
      name: "ChatVerify",
      dependencies: [
        "ChatScenario", "ChatRendering", "ChatRuntime", "LogRenderer", "JSONLinesRenderer",
        "LineRenderer", "ScreenRenderer",
      ]
    ),
    .testTarget(name: "ChatVerifyTests", dependencies: ["ChatVerify"]),

    // The command line: options, wiring, errors to exit statuses; and the thin executable.
    .target(
      name: "ChatCommandLine",
      dependencies: [
        "ChatCore", "ChatSession", "ChatRuntime", "ChatRendering",
        "LogRenderer", "JSONLinesRenderer", "LineRenderer", "ReadlineRenderer", "ScreenRenderer",
        "ChatScenario", "ChatVerify", "ChatIRC", "ChatIRCSession", "ChatTransport", "ChatProfile",
        "ChatCrypto",
      ]
    ),
    .executableTarget(name: "chat", dependencies: ["ChatCommandLine"]),

    // The benchmark (`swift run -c release chat-bench`): figures for the README, not tests.
    // `chat-bench clients` runs the same servers as the network tests (IRCTestSupport).
    .executableTarget(
      name: "chat-bench",
      dependencies: [
        "ChatCore", "ChatSession", "ChatRuntime", "ChatRendering", "LogRenderer",
        "JSONLinesRenderer", "ChatIRC", "ChatIRCSession", "ChatTransport", "IRCTestSupport",
        "ScreenRenderer",
      ]
    ),

    // End-to-end: the built binary (`chat`, built first) through real pipes and a
    // pseudo-terminal, plus the snapshot suite over Fixtures/.
    .testTarget(
      name: "EndToEndTests",
      dependencies: [
        "chat", "ChatCommandLine", "ChatCore", "ChatIRC", "ChatScenario", "ChatProfile",
        "ChatRendering", "ChatVerify", "ChatCrypto", "IRCTestSupport", "IRCTestRequirements",
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
