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
  /// Set once written.
  var writtenAt: Timestamp?
  var sequence = 0
  var confirmation = Confirmation.pong
  /// Our nick when it was written: a history replay names us so.
  var nick = ""
  /// Which connection wrote it (`IRCHistoryReconciliation.connection`).
  var connection = 0

  /// The line's text as it travels.
  var wireText: String { isAction ? IRCCTCP.action(text).text : text }
}
