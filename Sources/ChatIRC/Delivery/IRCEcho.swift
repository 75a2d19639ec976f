import ChatCore
import FoundationEssentials

/// The server's confirmation of one line of a message we sent: what the delivery part's
/// books (`IRCSentMessages`) take in, line by line, to report whole messages delivered.
struct IRCEcho: Hashable, Sendable {
  /// How the server confirmed it.
  enum Confirmation: Hashable, Sendable {
    /// It sent the message back (`echo-message`).
    case echo
    /// It acknowledged the labeled line without echoing it (`ACK`).
    case acknowledgement
    /// It answered a `PING` sent after the message with no error in between (servers
    /// without `echo-message`, such as ngircd).
    case pong
    /// The link was lost before any of those came, and the channel's history the server
    /// replayed when chat rejoined holds the line (see `IRCHistoryReconciliation`).
    case history
  }

  /// The caller's id of the message.
  var id: UUID
  /// Which line of the message, from 0.
  var part: Int
  /// How many lines the message went out as.
  var parts: Int
  /// The target it went to.
  var target: String
  /// The text of this line as sent (for an action, without its CTCP framing).
  var text: String
  /// The server's message id, when it echoed one.
  var msgid: String?
  /// The server's time, when it sent one.
  var serverTime: Timestamp?
  /// When the confirmation arrived here.
  var receivedAt: Timestamp
  /// How the server confirmed it.
  var confirmation: Confirmation

  /// Creates an echo.
  init(
    id: UUID, part: Int, parts: Int, target: String, text: String, msgid: String? = nil,
    serverTime: Timestamp? = nil, receivedAt: Timestamp, confirmation: Confirmation
  ) {
    self.id = id
    self.part = part
    self.parts = parts
    self.target = target
    self.text = text
    self.msgid = msgid
    self.serverTime = serverTime
    self.receivedAt = receivedAt
    self.confirmation = confirmation
  }

  /// The server's time when it sent one, else the time the confirmation arrived.
  var time: Timestamp { serverTime ?? receivedAt }
}
