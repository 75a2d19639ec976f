import ChatCore
import FoundationEssentials

/// One line of one of our messages, from queued to confirmed or failed.
struct IRCInFlightLine: Hashable, Sendable {
  /// How the server will confirm the line, decided when it is written.
  enum Confirmation: Hashable, Sendable {
    /// By a reply carrying its label.
    case label
    /// By the echo of the same text to the same target (echo-message without labels).
    case echo
    /// By the `PONG` to a `PING` sent after it.
    case pong
  }

  var id: UUID
  var part: Int
  var parts: Int
  var target: String
  /// The text as the user gave it (an action without its CTCP framing).
  var text: String
  var isAction: Bool
  var label: String
  /// The msgid of the message it answers, sent as `+draft/reply`.
  var replyTo: String? = nil
  /// Set once written.
  var writtenAt: Timestamp?
  var sequence = 0
  var confirmation = Confirmation.pong
  /// Our nicks from its write until the link went (the first when it was written, then any
  /// the server renamed us to): a history replay names us by one of them.
  var nicks: [String] = []
  /// The most nicks kept: a server renaming us endlessly cannot grow a line.
  static let mostNicks = 8

  /// Whether `name` is one of the nicks we held while it was unconfirmed.
  func isFrom(_ name: String, mapping: NameRules.CaseMapping) -> Bool {
    nicks.contains { mapping.equal($0, name) }
  }

  /// Notes that the server renamed us to `nick` while the line was unconfirmed.
  mutating func renamed(to nick: String) {
    guard nicks.count < Self.mostNicks else { return }
    nicks.append(nick)
  }
  /// Which connection wrote it (`IRCHistoryReconciliation.connection`).
  var connection = 0
  /// For a multiline batch (`draft/multiline`), its lines: the line in flight is the whole
  /// batch, `text` what they make joined (what its echo says).
  var batch: [IRCMultilineBatcher.Line]?

  /// The line's text as it travels.
  var wireText: String { isAction ? IRCCTCP.action(text).text : text }
}
