import ChatCore

/// The registration part of the client: capability negotiation (`CAP`), SASL, the nick
/// fallbacks and when registration must have completed.
///
/// It holds the negotiation's state and makes its decisions from what it is handed (what was
/// offered, the configuration); the router writes the lines and reports the events.
struct IRCRegistration: Hashable, Sendable {
  enum CapPhase: Hashable, Sendable {
    case listing
    case requesting
    /// `CAP END` waits for SASL to finish.
    case authenticating
    case done
  }

  enum SASLState: Hashable, Sendable {
    /// Not configured.
    case off
    /// Configured: waiting for the server's capabilities.
    case waiting
    /// `sasl` is in our `CAP REQ`.
    case requested
    /// `AUTHENTICATE <mechanism>` sent; waiting for `AUTHENTICATE +`.
    case mechanismSent
    /// The response sent; waiting for the outcome numeric.
    case responseSent
    case succeeded
    case failed
  }

  /// The names of `draft/chathistory`, the draft one first.
  static let historyCapabilities = ["draft/chathistory", "chathistory"]

  /// The capabilities the server agreed to.
  var capabilities: Set<String> = [] {
    didSet { keepsHistory = Self.historyCapabilities.contains { capabilities.contains($0) } }
  }
  /// Whether `draft/chathistory` (or its final name) is among `capabilities`: derived from
  /// them on every change (so it cannot disagree with them), as every history line asks.
  private(set) var keepsHistory = false
  /// The account we are logged in as (`900`), if any.
  var account: String?
  var capPhase = CapPhase.listing
  private(set) var offered: Set<String> = []
  /// The values of offered capabilities that have one (`sasl=PLAIN,EXTERNAL`, `sts=…`).
  private(set) var values: [String: String] = [:]
  var saslState = SASLState.off
  /// The mechanism this connection's SASL uses: the configured one, or `SCRAM-SHA-256` in
  /// place of `PLAIN` where the server offers it (`preferredMechanism`).
  var saslMechanism: IRCSASLMechanism?
  /// Our SCRAM nonce for this connection, handed in by the session (`start`).
  var saslNonce: String?
  /// The SCRAM exchange under way.
  var scram: IRCSCRAM?
  /// Whether the `ECDSA-NIST256P-CHALLENGE` challenge was signed (it is signed once).
  var challengeSigned = false
  /// The pieces of a server challenge longer than one `AUTHENTICATE` line, so far.
  var saslChallenge = ""
  /// The mechanisms the server listed in `908`, if it did.
  var listedMechanisms: [String]?
  /// The mechanisms tried on this connection, by name.
  var triedMechanisms: Set<String> = []
  /// A mechanism retried after `908`: the `904` that follows the refusal of the first is
  /// not the new one's outcome.
  var awaitsRefusalOfRetried = false
  /// How many nicks were refused while registering.
  var nickAttempt = 0
  /// The nicks refused while registering, in order (at most `nickAttempts`): a cut nick is
  /// never asked for again.
  var refusedNicks: [String] = []
  /// The longest nick this connection asks for, when chat knows one: the server's `NICKLEN`
  /// from an earlier connection, or the length a refused long nick was cut to.
  var nickLimit: Int?
  /// A `NICK` asked for after registering, until the server answers it.
  var requestedNick: String?
  /// When this connection's registration began (`start`), and whether the server has sent
  /// anything since.
  private(set) var started: Timestamp?
  var heardFromServer = false
  /// Whether this connection asked for the bot mode (`--bot`) already.
  var botModeAsked = false

  /// Registration beginning at `time`, with SASL to do when `sasl` is set.
  init(startingAt time: Timestamp? = nil, sasl: Bool = false) {
    started = time
    if sasl { saslState = .waiting }
  }

  /// When registration must have completed, `timeoutMilliseconds` after it began.
  func deadline(timeoutMilliseconds: Int64) -> Timestamp? {
    started?.advanced(byMilliseconds: timeoutMilliseconds)
  }

  /// The most capabilities kept offered, or on: about six times the IRCv3 registry, so a
  /// server offering (or acknowledging) thousands of names, at once or by `CAP NEW` after
  /// `CAP NEW`, holds memory bounded; what comes beyond it is ignored.
  static let capabilityLimit = 256

  /// Notes offered capabilities and their values (`name=value`), up to `capabilityLimit`.
  mutating func offer(_ names: [String]) {
    for token in names {
      let parts = token.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let name = String(parts[0])
      guard !name.isEmpty else { continue }
      guard offered.contains(name) || offered.count < Self.capabilityLimit else { return }
      offered.insert(name)
      values[name] = parts.count > 1 ? String(parts[1]) : nil
    }
  }

  /// `CAP ACK`: capabilities on, or off (`-name`); at most `capabilityLimit` on.
  mutating func acknowledge(_ names: [String]) {
    for name in names {
      if name.hasPrefix("-") {
        capabilities.remove(String(name.dropFirst()))
      } else if capabilities.count < Self.capabilityLimit {
        capabilities.insert(name)
      }
    }
  }

  /// `CAP DEL`: no longer offered; true when some of them were on.
  mutating func withdraw(_ names: [String]) -> Bool {
    let removed = Set(names)
    offered.subtract(removed)
    guard !capabilities.isDisjoint(with: removed) else { return false }
    capabilities.subtract(removed)
    return true
  }

  /// Of `wanted`, those offered and not on yet; never `sts` (the spec forbids asking) nor
  /// `sasl` (asked for only when configured).
  func requestable(_ wanted: [String]) -> [String] {
    wanted.filter {
      offered.contains($0) && !capabilities.contains($0) && $0 != "sts" && $0 != "sasl"
    }
  }

  /// The offered `sts` value, parsed; nil when none is offered.
  var stsValue: IRCSTSPolicy.Value? {
    guard offered.contains("sts"), let text = values["sts"] else { return nil }
    return IRCSTSPolicy.Value(parsing: text)
  }

  /// The mechanisms the server names: those of `908` if it sent one, else those of the
  /// `sasl=` capability value (CAP 302), uppercased; nil when it named none.
  var namedMechanisms: [String]? {
    if let listedMechanisms { return listedMechanisms }
    guard let value = values["sasl"], !value.isEmpty else { return nil }
    return value.split(separator: ",").map { $0.uppercased() }
  }

  /// The mechanism to use for `configured`: `SCRAM-SHA-256` in place of `PLAIN` when the
  /// server names it, `canSCRAM` (the client has the crypto) and it was not tried yet on
  /// this connection; `configured` otherwise.
  func preferredMechanism(_ configured: IRCSASLMechanism, canSCRAM: Bool) -> IRCSASLMechanism {
    guard case .plain(let user, let password) = configured, canSCRAM,
      namedMechanisms?.contains(IRCSASLMechanism.scramName) == true,
      !triedMechanisms.contains(IRCSASLMechanism.scramName)
    else { return configured }
    return .scramSHA256(user: user, password: password)
  }

  /// Why `mechanism` cannot be tried with what the server offers over `endpoint`; nil when
  /// it can.
  func saslUnavailable(_ mechanism: IRCSASLMechanism, over endpoint: IRCEndpoint?) -> String? {
    // The certificate EXTERNAL relies on is only ever presented over TLS (an `irc://` run
    // reaches here when the server gave no STS upgrade).
    if mechanism == .external, let endpoint, endpoint.security == .plaintext {
      return "SASL EXTERNAL needs TLS, to present the client certificate, and the connection"
        + " to \(endpoint.host):\(endpoint.port) is plaintext (the server asked for no STS"
        + " upgrade)"
    }
    guard offered.contains("sasl") else { return "the server does not offer SASL" }
    // With CAP 302 the value may list the mechanisms: `sasl=PLAIN,EXTERNAL`.
    if let offered = namedMechanisms {
      if !offered.contains(mechanism.name) {
        return "the server does not accept SASL \(mechanism.name) (it offers "
          + "\(offered.joined(separator: ", ")))"
      }
    }
    return nil
  }

  /// The nick lengths servers commonly allow (`NICKLEN`), longest first: 30 (InspIRCd's
  /// default, UnrealIRCd's, ngircd's as often configured), 16 (Solanum, as on Libera.Chat),
  /// and RFC 1459's 9, which every server allows.
  static let commonNickLengths = [30, 16, 9]

  /// The length to cut a nick to after the server refused one of `refusedLength` characters
  /// as erroneous (432): the longest common length below it; nil at 9 or less, where length
  /// cannot be what the server minds.
  ///
  /// InspIRCd and ngircd refuse a nick longer than their `NICKLEN` with 432 while
  /// registering (InspIRCd's `Erroneous Nickname` says nothing of the length, ngircd's
  /// `Nickname too long, max. 30 characters` does), and `NICKLEN` comes only after `001`;
  /// so a long nick refused as erroneous is tried cut, each cut said plainly, rather than
  /// made longer by `_`s.
  static func cutLength(below refusedLength: Int) -> Int? {
    commonNickLengths.first { $0 < refusedLength }
  }

  /// The nick to try after `attempt` refusals of `base`: `base_`, `base__`, then `base` cut
  /// to seven characters with the attempt's number. For an invalid nick, `base` keeps only
  /// the characters every server allows in a nick (or is `chat` when none are left). With a
  /// `limit`, the stem is cut so that the suffix fits within it.
  static func fallbackNick(for base: String, attempt: Int, invalid: Bool, limit: Int? = nil)
    -> String
  {
    var stem = base
    if invalid {
      let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789[]\\`_^{|}-")
      stem = String(base.filter { allowed.contains($0) }.drop { $0.isNumber || $0 == "-" })
      if stem.isEmpty { stem = "chat" }
      if attempt == 1, stem != base { return String(stem.prefix(min(9, limit ?? 9))) }
    }
    let suffix: String
    switch attempt {
    case 1, 2: suffix = String(repeating: "_", count: attempt)
    default:
      stem = String(stem.prefix(7))
      suffix = String(attempt)
    }
    guard let limit, stem.count + suffix.count > limit else { return stem + suffix }
    return String(stem.prefix(max(1, limit - suffix.count))) + suffix
  }
}
