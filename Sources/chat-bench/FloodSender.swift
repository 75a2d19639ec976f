import Foundation
import IRCTestSupport

/// The benchmark's sender: a raw socket writing numbered PRIVMSG lines to the channels, and
/// when each left it.
///
/// A flood goes in chunks of `chunkSize` lines, each followed by a `PING`; at most `window`
/// chunks are unanswered at once. InspIRCd answers a PING only after the lines before it, so
/// the sender goes exactly as fast as the server takes lines in, and never overruns its
/// receive queue (one huge write is worked through in slow bursts; see NOTES-irc.md).
/// Spaced sending writes one line every `interval` seconds instead, for latency.
final class FloodSender {
  enum Pace {
    case flood
    case spaced(interval: Double)
  }

  static let chunkSize = 100
  static let window = 4

  let client: RawIRCClient
  let channels: [String]
  let total: Int
  let pace: Pace
  /// When each message was written to the socket, by sequence number.
  private(set) var sendTimes: [Double]
  private(set) var sent = 0
  /// When the server had answered the PING after the last line (flood), or nil.
  private(set) var acceptedAt: Double?
  private var chunks = 0
  private var pongs = 0
  private var output: [UInt8] = []
  private var written = 0
  private var lineEnd = PongCounter()
  private var started: Double?

  /// The sequence number of the first line: a run sent in parts numbers them on.
  let firstSequence: Int

  init(client: RawIRCClient, channels: [String], total: Int, pace: Pace, firstSequence: Int = 0) {
    self.client = client
    self.channels = channels
    self.total = total
    self.pace = pace
    self.firstSequence = firstSequence
    sendTimes = Array(repeating: 0, count: total)
  }

  var descriptor: Int32 { client.descriptor }
  /// When the first line was written.
  var firstSend: Double? { total > 0 && sent > 0 ? sendTimes[0] : nil }
  var isFinished: Bool { sent == total && written == output.count }
  var wantsToWrite: Bool { written < output.count }

  /// Seconds from `now` until the next spaced line is due (nil when flooding or done).
  func secondsUntilDue(_ now: Double) -> Double? {
    guard case .spaced(let interval) = pace, sent < total, let started else { return nil }
    return max(0, started + Double(sent) * interval - now)
  }

  /// Queues and writes what is due at `now`.
  func step(at now: Double) {
    if written == output.count {
      output.removeAll(keepingCapacity: true)
      written = 0
      switch pace {
      case .flood:
        if sent < total, chunks - pongs < Self.window { queueChunk() }
      case .spaced(let interval):
        if started == nil { started = now }
        if sent < total, let started, now >= started + Double(sent) * interval {
          queue(sent, at: Stopwatch.now())
        }
      }
    }
    flush()
  }

  /// Reads the server's answers (PONGs).
  func read(at now: Double) {
    var buffer = [UInt8](repeating: 0, count: 16 * 1024)
    let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
    guard count > 0 else { return }
    buffer[..<count].withUnsafeBytes { pongs += lineEnd.count(in: $0, client: client) }
    if sent == total, pongs == chunks, acceptedAt == nil, case .flood = pace { acceptedAt = now }
  }

  private func queueChunk() {
    let now = Stopwatch.now()
    for _ in 0..<min(Self.chunkSize, total - sent) { queue(sent, at: now) }
    output += Array("PING :c\(chunks)\r\n".utf8)
    chunks += 1
  }

  private func queue(_ sequence: Int, at now: Double) {
    let number = firstSequence + sequence
    let channel = channels[number % channels.count]
    output += Array("PRIVMSG \(channel) :\(SequenceScanner.text(number, sentAt: now))\r\n".utf8)
    sendTimes[sequence] = now
    sent += 1
  }

  private func flush() {
    while written < output.count {
      let count = output[written...].withUnsafeBytes {
        send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      if count > 0 {
        written += count
      } else {
        return  // EAGAIN: the loop polls for POLLOUT; an error shows as the flood not ending.
      }
    }
  }
}

/// Counts `PONG` lines in the sender's input, and answers the server's `PING`s.
private struct PongCounter {
  private var line: [UInt8] = []

  mutating func count(in bytes: UnsafeRawBufferPointer, client: RawIRCClient) -> Int {
    var pongs = 0
    for byte in bytes {
      guard byte == UInt8(ascii: "\n") else {
        if line.count < 1024 { line.append(byte) }
        continue
      }
      let text = String(decoding: line, as: UTF8.self)
      line.removeAll(keepingCapacity: true)
      if text.contains(" PONG ") {
        pongs += 1
      } else if text.hasPrefix("PING ") {
        try? client.send("PONG " + text.dropFirst(5).trimmingCharacters(in: ["\r"]))
      }
    }
    return pongs
  }
}
