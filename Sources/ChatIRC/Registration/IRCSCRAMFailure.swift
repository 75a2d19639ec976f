/// Why a SCRAM-SHA-256 exchange was refused: user-facing text that never holds a secret
/// (neither the password nor anything derived from it).
enum IRCSCRAMFailure: Error, Hashable, Sendable, CustomStringConvertible {
  /// The server's message is not what RFC 5802 says, for the reason given.
  case malformed(String)
  /// The server asked for an extension (`m=`) chat does not know.
  case mandatoryExtension
  /// The server's nonce does not begin with ours (or adds nothing to it).
  case nonceMismatch
  /// The server asked for fewer PBKDF2 iterations than RFC 7677 allows.
  case tooFewIterations(Int)
  /// The server asked for more iterations than chat will spend.
  case tooManyIterations(Int)
  /// The server's signature is not the one the password implies: it does not know it.
  case badServerSignature
  /// The server ended the exchange with an error (`e=`).
  case serverError(Substring)
  /// A message came that the exchange was not waiting for.
  case unexpectedMessage

  var description: String {
    switch self {
    case .malformed(let what): what
    case .mandatoryExtension: "the server asks for a SCRAM extension chat does not know"
    case .nonceMismatch: "the server's nonce does not extend the one chat sent"
    case .tooFewIterations(let count):
      "the server asks for \(count) iterations, fewer than the \(IRCSCRAM.minimumIterations)"
        + " RFC 7677 requires"
    case .tooManyIterations(let count):
      "the server asks for \(count) iterations, more than the \(IRCSCRAM.maximumIterations)"
        + " chat allows"
    case .badServerSignature:
      "the server could not prove it knows the password (its signature does not match)"
    case .serverError(let code):
      "the server ended the exchange: \(code.prefix(IRCSCRAMFailure.maximumErrorLength))"
    case .unexpectedMessage: "the server sent a SCRAM message out of turn"
    }
  }

  /// The most of a server's `e=` error quoted.
  static let maximumErrorLength = 64
}
