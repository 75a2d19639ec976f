import ChatCore
import FoundationEssentials

/// What becomes of our messages, line by line into whole messages (`IRCSentMessages`): the
/// one path every confirmation and every failure of a line takes, so each message is reported
/// once, whole, and failures in one step for one reason are reported together.
extension IRCClient {
  /// When the first message written is overdue for its confirmation: in every phase, since
  /// a message waiting for a channel's history waits across a reconnect.
  public var confirmationDeadline: Timestamp? { delivery.messages.deadline }

  /// Fails every message whose last line written has waited the confirmation limit
  /// (`Configuration.confirmationTimeoutMilliseconds`) by `time`: one failure for them all.
  /// A history on rejoining comes too late for them now: chat stops waiting for one, and
  /// their lines in it are shown as history.
  public mutating func expireUnconfirmed(at time: Timestamp) -> IRCOutput {
    var output = IRCOutput()
    advanceClock(to: time)
    let reason = delivery.messages.overdueReason
    for id in delivery.messages.overdue(at: now) {
      messageFailed(id, reason: reason, into: &output)
    }
    return output
  }

  /// One line of a message confirmed: reported once the whole message is.
  mutating func lineConfirmed(_ echo: IRCEcho, into output: inout IRCOutput) {
    guard let delivered = delivery.messages.confirm(echo) else { return }
    output.events.append(.messageDelivered(delivered))
  }

  /// One line of a message failed (`code` the server's numeric or `FAIL` code, nil when chat
  /// decided): the whole message fails, unless it ended before.
  mutating func lineFailed(
    _ line: IRCInFlightLine, code: String? = nil, reason: String, into output: inout IRCOutput
  ) {
    lineFailed(
      id: line.id, part: line.part, parts: line.parts, code: code, reason: reason, into: &output)
  }

  /// `lineFailed` for a line known by its message, part and count.
  mutating func lineFailed(
    id: UUID, part: Int = 0, parts: Int = 1, code: String? = nil, reason: String,
    into output: inout IRCOutput
  ) {
    let whole = IRCDeliveryFailure.reason(reason, code: code, part: part, parts: parts)
    messageFailed(id, reason: whole, into: &output)
  }

  /// Message `id` fails for `reason`, if it is pending: chat stops waiting for a history of
  /// its lines, and it joins the failure this step already reports for the same reason.
  private mutating func messageFailed(_ id: UUID, reason: String, into output: inout IRCOutput) {
    guard let history = delivery.messages.fail(id) else { return }
    delivery.reconciliation.forget(id)
    if case .deliveryFailed(var failure) = output.events.last, failure.reason == reason {
      failure.ids.append(id)
      failure.history += history
      output.events[output.events.count - 1] = .deliveryFailed(failure)
      return
    }
    output.events.append(
      .deliveryFailed(IRCDeliveryFailure(ids: [id], reason: reason, history: history)))
  }
}
