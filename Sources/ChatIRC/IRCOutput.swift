import ChatCore

/// What one step of the protocol state machine produced.
public struct IRCOutput: Hashable, Sendable {
  /// Lines to write to the socket, in order, each without its CR LF.
  public var lines: [String] = []
  /// The positions in `lines` of lines that carry a secret (the SASL response): write them,
  /// never log, record or show them. `redactedLines` is `lines` with these replaced.
  public var sensitiveLines: Set<Int> = []
  /// The positions in `lines` of lines that are news of the moment and nothing more (a
  /// typing notification): written, never recorded. A replay makes none (it has no keys), so
  /// they take no pacing allowance either: a replay paces what it writes as live did.
  public var ephemeralLines: Set<Int> = []
  /// What happened, in order.
  public var events: [IRCEvent] = []
  /// When the events at these positions in `events` happened, for events reported after
  /// their instant: a netsplit group closed by its window is reported as of the window's end,
  /// however late the session's timer woke (as a replay, whose timer is exact, reports it).
  /// Every other event happened at the instant of the step.
  public var eventTimes: [Int: Timestamp] = [:]
  /// Whether the session should close the socket now (after writing `lines`).
  public var closeConnection = false

  /// Nothing.
  public init() {}

  /// `lines` as the bytes to write: each with its CR LF.
  public var bytes: [UInt8] {
    var bytes: [UInt8] = []
    for line in lines {
      bytes += line.utf8
      bytes += [0x0D, 0x0A]
    }
    return bytes
  }

  /// `lines` as a log or recording may keep them: each sensitive line with its secret
  /// replaced (`SecretRedaction`: `AUTHENTICATE <redacted>`, `PASS <redacted>`,
  /// `JOIN #chan <redacted>`).
  public var redactedLines: [String] {
    lines.indices.map { index in
      guard sensitiveLines.contains(index) else { return lines[index] }
      return SecretRedaction.redacted(rawLine: lines[index]) ?? Self.redactedResponse
    }
  }

  /// `redactedLines` without the ephemeral ones: what a recording keeps.
  public var recordedLines: [String] {
    guard !ephemeralLines.isEmpty else { return redactedLines }
    return redactedLines.enumerated().compactMap {
      ephemeralLines.contains($0.offset) ? nil : $0.element
    }
  }

  /// What a sensitive line becomes in `redactedLines`.
  public static let redactedResponse = "AUTHENTICATE <redacted>"

  /// Adds `other` after this output; its sensitive lines stay marked.
  public mutating func append(_ other: IRCOutput) {
    sensitiveLines.formUnion(other.sensitiveLines.map { $0 + lines.count })
    ephemeralLines.formUnion(other.ephemeralLines.map { $0 + lines.count })
    lines += other.lines
    for (index, time) in other.eventTimes { eventTimes[index + events.count] = time }
    events += other.events
    closeConnection = closeConnection || other.closeConnection
  }

  /// Adds a line that carries a secret.
  mutating func appendSensitive(_ line: String) {
    sensitiveLines.insert(lines.count)
    lines.append(line)
  }
}
