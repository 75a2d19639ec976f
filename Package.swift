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
    .testTarget(name: "ChatSessionTests", dependencies: ["ChatSession"]),

    // OpenSSL 3 as a system library, and the non-blocking byte streams (TCP, TLS) under a
    // network session: no runtime, no protocol, just bytes and readiness.
    .systemLibrary(
      name: "CTLS",
      providers: [.apt(["libssl-dev"])]
    ),
    .target(name: "ChatTransport", dependencies: ["CTLS"]),
    .testTarget(name: "ChatTransportTests", dependencies: ["ChatTransport", "CTLS"]),

    // The IRC protocol, pure: messages, ISUPPORT, formatting, splitting, pacing and the client
    // state machine fed lines and times. No sockets here.
    .target(name: "ChatIRC", dependencies: ["ChatCore"]),
    .testTarget(name: "ChatIRCTests", dependencies: ["ChatIRC", "ChatCore"]),

    // The IRC session: the protocol client over a TCP or TLS stream, joined to the runtime's
    // one loop as a `Session`. Kept apart so that ChatIRC stays free of sockets.
    .target(
      name: "ChatIRCSession",
      dependencies: ["ChatCore", "ChatSession", "ChatIRC", "ChatTransport"]
    ),
    .testTarget(
      name: "ChatIRCSessionTests",
      dependencies: [
        "ChatIRCSession", "ChatIRC", "ChatCore", "ChatSession", "ChatRuntime", "IRCTestSupport",
        "IRCTestRequirements",
      ]
    ),

    // What every renderer shares: change tracking, the sanitiser, times, sinks.
    // It reads IRC formatting codes in topics and reasons (ChatIRC's pure parser).
    .target(name: "ChatRendering", dependencies: ["ChatCore", "ChatIRC"]),
    .testTarget(name: "ChatRenderingTests", dependencies: ["ChatRendering"]),

    // Formatters for piped output.
    // The log and the line mode read IRC formatting codes (ChatIRC's pure parser) to show
    // them as styles or leave them out.
    .target(name: "LogRenderer", dependencies: ["ChatRendering", "ChatIRC"]),
    .target(name: "JSONLinesRenderer", dependencies: ["ChatCore", "ChatRendering"]),
    .testTarget(
      name: "RendererTests",
      dependencies: ["LogRenderer", "JSONLinesRenderer", "ChatRendering"]
    ),

    // The serial loop: clocks, inputs, effect interpretation, renderer plumbing.
    .target(
      name: "ChatRuntime",
      dependencies: ["ChatCore", "ChatSession", "ChatRendering"]
    ),
    .testTarget(
      name: "ChatRuntimeTests",
      dependencies: ["ChatRuntime", "LogRenderer", "JSONLinesRenderer"]
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

    // GNU readline as a system library, and the interactive line mode built on it.
    .systemLibrary(
      name: "CReadline",
      providers: [.apt(["libreadline-dev"])]
    ),
    .target(
      name: "ReadlineRenderer",
      dependencies: ["ChatCore", "ChatRuntime", "ChatRendering", "ChatIRC", "CReadline"]
    ),
    .testTarget(name: "ReadlineRendererTests", dependencies: ["ReadlineRenderer"]),

    // Snapshot testing of case folders (a scenario plus one snapshot per renderer): the
    // renderer table, the comparison and readable diff, and `chat verify`'s walk and report.
    // Shared by the repository's own snapshot suite and the `chat verify` command.
    .target(
      name: "ChatVerify",
      dependencies: [
        "ChatScenario", "ChatRendering", "ChatRuntime", "LogRenderer", "JSONLinesRenderer",
        "ReadlineRenderer",
      ]
    ),
    .testTarget(name: "ChatVerifyTests", dependencies: ["ChatVerify", "ChatRendering"]),

    // The command line: options, wiring, errors to exit statuses; and the thin executable.
    .target(
      name: "ChatCommandLine",
      dependencies: [
        "ChatCore", "ChatSession", "ChatRuntime", "ChatRendering",
        "LogRenderer", "JSONLinesRenderer", "ReadlineRenderer", "ChatScenario", "ChatVerify",
        "ChatIRC", "ChatIRCSession", "ChatTransport", "ChatProfile",
      ]
    ),
    .executableTarget(name: "chat", dependencies: ["ChatCommandLine"]),

    // The benchmark (`swift run -c release chat-bench`): figures for the README, not tests.
    // `chat-bench clients` runs the test servers from IRCTestSupport (below, under Tests/).
    .executableTarget(
      name: "chat-bench",
      dependencies: [
        "ChatCore", "ChatSession", "ChatRuntime", "ChatRendering", "LogRenderer",
        "JSONLinesRenderer", "ChatIRC", "ChatIRCSession", "ChatTransport", "IRCTestSupport",
      ]
    ),
    // Real IRC servers for the network tests: InspIRCd, ngircd and Atheme started and stopped by
    // the test itself, a raw protocol client, throwaway certificates and a fault-injecting proxy.
    // A library (not a test target) so that every network test target can depend on it, and
    // free of Swift Testing so that the benchmark can run the same servers.
    .target(name: "IRCTestSupport", path: "Tests/IRCTestSupport"),
    // The Swift Testing side of it: the `.requires(...)` trait and `recordIfMissing`.
    .target(
      name: "IRCTestRequirements", dependencies: ["IRCTestSupport"],
      path: "Tests/IRCTestRequirements"),
    .testTarget(name: "IRCServerTests", dependencies: ["IRCTestSupport", "IRCTestRequirements"]),

    // End-to-end: the built binary through real pipes and a pseudo-terminal, plus snapshots.
    .testTarget(
      name: "EndToEndTests",
      dependencies: [
        "chat", "ChatCommandLine", "ChatScenario", "ChatProfile", "ChatRendering", "LogRenderer",
        "JSONLinesRenderer", "ReadlineRenderer", "ChatVerify", "IRCTestSupport",
        "IRCTestRequirements",
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
