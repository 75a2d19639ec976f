/// A non-blocking byte stream that an event loop drives: plain TCP or TLS over TCP.
///
/// The contract with the loop, which owns the only wait:
/// 1. Watch `descriptor` for `interest(wantingToWrite:)`, passing whether bytes are queued
///    (`OutgoingBytes.interest(of:)` does this). Ask again after every call: the descriptor
///    changes while a connect tries the next address, and TLS may need the other direction
///    (a read can leave protocol bytes to send; a write can wait for the peer's bytes).
/// 2. While `isEstablished` is false, call `advance()` on any readiness.
/// 3. Once established, on any readiness call `read(into:)` until it stops returning bytes,
///    then flush the outgoing queue. TLS may hold decrypted bytes that no readiness will
///    announce: when a caller stops reading early, `hasBufferedInput` says it must come back.
/// No call blocks; errors arrive as values, never as traps or signals (no SIGPIPE).
public protocol ByteStream: AnyObject {
  /// Where the stream goes, for messages.
  var endpoint: Endpoint { get }
  /// The descriptor to watch, or -1 when there is none (closed, failed, between attempts).
  var descriptor: Int32 { get }
  /// Whether connecting (and any handshake) has finished, so bytes can flow.
  var isEstablished: Bool { get }
  /// Whether decrypted bytes wait inside the stream, beyond what the descriptor announces.
  var hasBufferedInput: Bool { get }
  /// What to watch now, given whether the caller has bytes waiting to be written.
  func interest(wantingToWrite: Bool) -> Interest
  /// Moves connecting (and the handshake) forward; call on readiness until it settles.
  func advance() -> ConnectProgress
  /// Reads into `buffer` what is available now.
  func read(into buffer: UnsafeMutableRawBufferPointer) -> ReadResult
  /// Writes a prefix of `bytes` that fits now; an empty buffer flushes the stream's own bytes.
  func write(_ bytes: UnsafeRawBufferPointer) -> WriteResult
  /// Closes the stream (a TLS stream says goodbye first, without waiting); idempotent.
  func close()
  /// Why connecting has not finished, for a caller whose deadline for it passed: it timed
  /// out, or (TLS) the server took the connection but never answered the handshake.
  var stalledConnectError: TransportError { get }
}

extension ByteStream {
  /// What to watch when the caller has nothing queued.
  public var interest: Interest { interest(wantingToWrite: false) }
}

/// How far connecting (and the TLS handshake) has come.
public enum ConnectProgress: Equatable, Sendable {
  /// Bytes can flow.
  case established
  /// Still working: watch `interest(wantingToWrite:)` and call `advance()` again.
  case waiting
  /// Connecting failed for good; the stream is closed.
  case failed(TransportError)
}

/// The outcome of one read.
public enum ReadResult: Equatable, Sendable {
  /// This many bytes were put at the start of the buffer (never 0).
  case bytes(Int)
  /// Nothing available now: wait for readiness.
  case wouldBlock
  /// The peer ended the stream.
  case closed
  /// The connection broke; the stream is unusable.
  case failed(TransportError)
}

/// The outcome of one write.
public enum WriteResult: Equatable, Sendable {
  /// This many bytes from the front of the buffer were taken (0 only for an empty buffer).
  case wrote(Int)
  /// No room now: wait for the readiness `interest(wantingToWrite: true)` names.
  case wouldBlock
  /// The connection broke; the stream is unusable.
  case failed(TransportError)
}
