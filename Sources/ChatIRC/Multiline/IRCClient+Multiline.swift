import ChatCore
import FoundationEssentials

/// Multiline messages (`draft/multiline`, with `batch`): a message of several lines goes out
/// as one batch of `PRIVMSG`s (or several, within the server's limits), and a batch received
/// is one message whose text holds line feeds.
///
/// Sending (`queueMultiline`): where the server agreed to the capability and said its
/// `max-bytes`, the lines go out as `BATCH +reference draft/multiline target`, the lines
/// tagged `batch=reference` (a line too long for one relayed line in pieces tagged
/// `draft/multiline-concat`), and `BATCH -reference`; with `labeled-response` the label is on
/// the opening `BATCH`, which is where the server puts it on its echo. Each batch is one line
/// in flight: confirmed by its echo (the whole batch back), an `ACK`, or a `PONG`, and failed
/// by a `FAIL BATCH`. Elsewhere (and for an action) each line goes out as a message of its
/// own, as typed lines do, blank ones left out; the whole is still one message of the user's,
/// delivered when every line is.
///
/// Receiving: see `IRCMultilineMessages`. A multiline message in a history batch counts as
/// one message of it.
extension IRCClient {
  /// The batch types of a multiline message, the draft one first.
  static let multilineBatchTypes = ["draft/multiline", "multiline"]

  /// The limits multiline messages go out within: nil unless the server agreed to
  /// `draft/multiline` and `batch` and said its `max-bytes`.
  public var multilineLimits: IRCMultilineLimits? {
    guard registration.capabilities.contains("draft/multiline"),
      registration.capabilities.contains("batch")
    else { return nil }
    return IRCMultilineLimits(capabilityValue: registration.values["draft/multiline"])
  }

  /// The lines of a message's text (`messageLines`, each cleaned), without the blank lines
  /// that start or end it.
  func lines(of text: String) -> [String] {
    var lines = text.messageLines
    while let first = lines.first, first.allSatisfy(\.isWhitespace) { lines.removeFirst() }
    while let last = lines.last, last.allSatisfy(\.isWhitespace) { lines.removeLast() }
    return lines.map { clean(String($0)) }
  }

  /// A message of several `lines`: multiline batches where the server takes them, else a
  /// message a line.
  mutating func queueMultiline(
    id: UUID, target: String, lines: [String], isAction: Bool, label: String?,
    replyTo: String?, budget: Int, into output: inout IRCOutput
  ) {
    let base = label.flatMap { $0.utf8.count <= Self.longestLabel && !$0.isEmpty ? $0 : nil }
    func partLabel(_ part: Int) -> String {
      base.map { part == 0 ? $0 : "\($0).\(part + 1)" } ?? ""
    }
    guard let limits = multilineLimits, !isAction else {
      let shown = lines.filter { !$0.allSatisfy(\.isWhitespace) }
      let pieces = shown.flatMap { IRCTextSplitter.split($0, maxBytes: budget) }
      delivery.messages.split(id, into: pieces.count)
      if pieces.count > shown.count {
        output.events.append(.messageSplit(id: id, parts: pieces.count))
      }
      for (part, piece) in pieces.enumerated() {
        delivery.outbox.queue(
          .part(
            IRCInFlightLine(
              id: id, part: part, parts: pieces.count, target: target, text: piece,
              isAction: isAction, label: partLabel(part), replyTo: replyTo)))
      }
      return
    }
    let batches = IRCMultilineBatcher.batches(lines, lineBudget: budget, limits: limits)
    delivery.messages.split(id, into: batches.count)
    if batches.count > 1 {
      output.events.append(.multilineSplit(id: id, messages: batches.count, limits: limits))
    }
    for (part, batch) in batches.enumerated() {
      delivery.outbox.queue(
        .part(
          IRCInFlightLine(
            id: id, part: part, parts: batches.count, target: target,
            text: IRCMultilineBatcher.text(of: batch), isAction: false, label: partLabel(part),
            replyTo: replyTo, batch: batch)))
    }
  }

  /// The lines that send one batch: `BATCH +reference draft/multiline target` (labeled when
  /// `label` is given, with the reply tag when it answers `replyTo`: the spec puts client
  /// tags on the opening), its lines, `BATCH -reference`.
  mutating func writeBatch(
    _ lines: [IRCMultilineBatcher.Line], to target: String, label: String?, replyTo: String?,
    into output: inout IRCOutput
  ) {
    let reference = nextToken()
    var opening = IRCMessage(
      command: "BATCH", parameters: ["+" + reference, "draft/multiline", target])
    if let label { opening.tags["label"] = label }
    if let replyTo { opening.tags["+" + Self.replyTagName] = replyTo }
    output.lines.append(opening.serialized)
    for line in lines {
      var message = IRCMessage(
        tags: ["batch": reference], command: "PRIVMSG", parameters: [target, line.text])
      if line.isConcatenated { message.tags["draft/multiline-concat"] = "" }
      output.lines.append(message.serialized)
    }
    output.lines.append(IRCMessage(command: "BATCH", parameters: ["-" + reference]).serialized)
  }

  /// `BATCH +reference draft/multiline target`, opened (`batches.start` took it): its lines
  /// are gathered from now, unless it is inside another multiline batch.
  mutating func multilineBatchStarted(_ reference: String, _ message: IRCMessage) {
    guard message.parameters.count > 1,
      Self.multilineBatchTypes.contains(message.parameters[1])
    else { return }
    let inside = message.tags["batch"].map { multiline.isGathering($0) } ?? false
    multiline.start(reference, opening: message, discarded: inside)
  }

  /// A line of the multiline batch `reference`: gathered, or dropped (and the caps said once).
  mutating func gatherMultilineLine(
    _ message: IRCMessage, _ command: IRCCommand, in reference: String,
    into output: inout IRCOutput
  ) {
    let mapping = support.caseMapping
    switch multiline.add(message, command, to: reference, sameTarget: { mapping.equal($0, $1) }) {
    case .kept: break
    case .dropped: statistics.multilineLinesDropped += 1
    case .overflowed(let target):
      statistics.multilineLinesDropped += 1
      output.events.append(
        .multilineOverflowed(
          target: target, lines: IRCMultilineMessages.lineCap,
          bytes: IRCMultilineMessages.byteCap))
    }
  }

  /// Whether `message` opens a multiline batch.
  static func opensMultiline(_ message: IRCMessage) -> Bool {
    message.parameters.count > 1 && message.parameters[0].hasPrefix("+")
      && multilineBatchTypes.contains(message.parameters[1])
  }
}
