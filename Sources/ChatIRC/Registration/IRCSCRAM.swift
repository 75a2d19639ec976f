/// One SCRAM-SHA-256 exchange (RFC 5802 with RFC 7677's hash), the client's side, pure: the
/// server's messages in, ours out, the hashing handed in (`IRCSASLCrypto`).
///
/// The password never crosses the wire: the client proves it knows it (`ClientProof`), and
/// the server proves it knows it too (`ServerSignature`), which is checked. The exchange
/// refuses a server nonce that does not extend ours, fewer than `minimumIterations` (RFC 7677
/// asks for at least 4096), more than `maximumIterations` (a hostile server must not hold the
/// loop for minutes), a mandatory extension (`m=`), and anything malformed.
///
/// No channel binding (`n,,`): chat's TLS layer does not export it, and the IRC SASL
/// specification does not ask for it. The password's bytes are used as they are, without
/// SASLprep's normalisation; an ASCII password (what networks ask for) is unaffected.
struct IRCSCRAM: Hashable, Sendable {
  /// Where the exchange is.
  enum Step: Hashable, Sendable {
    /// The client's first message is out; the server's first is awaited.
    case awaitingServerFirst
    /// Our proof is out; the server's signature, expected to be this, is awaited.
    case awaitingServerFinal(signature: [UInt8])
    /// The server proved it knows the password.
    case verified
  }

  /// The fewest iterations accepted (RFC 7677, section 4).
  static let minimumIterations = 4096
  /// The most iterations accepted: well above what servers use (Ergo 4096, Atheme 10000 by
  /// default), and still well under a second of PBKDF2.
  static let maximumIterations = 1_000_000
  /// The GS2 header: no channel binding, no authorisation identity.
  static let gs2Header = "n,,"

  /// The account name as SCRAM writes it (`=` and `,` escaped).
  let user: String
  /// Our part of the nonce.
  let nonce: String
  private(set) var step = Step.awaitingServerFirst

  /// An exchange as `user` with our nonce `nonce`.
  init(user: String, nonce: String) {
    self.user = Self.escaped(user)
    self.nonce = nonce
  }

  /// `n=user,r=nonce`.
  var clientFirstBare: String { "n=\(user),r=\(nonce)" }

  /// The client's first message: the GS2 header and `clientFirstBare`.
  var clientFirst: [UInt8] { Array((Self.gs2Header + clientFirstBare).utf8) }

  /// The client's final message (with its proof) for the server's first, `serverFirst`.
  /// `checksNonce` false (a replay, which never knew the live nonce) accepts any server nonce.
  mutating func clientFinal(
    serverFirst: [UInt8], password: [UInt8], crypto: any IRCSASLCrypto, checksNonce: Bool = true
  ) throws(IRCSCRAMFailure) -> [UInt8] {
    guard step == .awaitingServerFirst else { throw .unexpectedMessage }
    guard let text = String(validating: serverFirst, as: UTF8.self) else {
      throw .malformed("the server's first message is not UTF-8")
    }
    let attributes = try Self.attributes(text)
    if attributes.first?.key == "m" { throw .mandatoryExtension }
    guard attributes.count >= 3, attributes[0].key == "r", attributes[1].key == "s",
      attributes[2].key == "i"
    else { throw .malformed("the server's first message lacks its nonce, salt or iterations") }
    let combinedNonce = attributes[0].value
    if checksNonce {
      guard combinedNonce.hasPrefix(nonce), combinedNonce.count > nonce.count else {
        throw .nonceMismatch
      }
    }
    guard !combinedNonce.isEmpty, !combinedNonce.contains(",") else {
      throw .malformed("the server's nonce is empty")
    }
    guard let salt = IRCBase64.decode(attributes[1].value), !salt.isEmpty else {
      throw .malformed("the server's salt is not base64")
    }
    let iterationText = attributes[2].value
    guard !iterationText.isEmpty, iterationText.count <= 10,
      iterationText.allSatisfy({ $0.isASCII && $0.isNumber }),
      let iterations = Int(iterationText)
    else { throw .malformed("the server's iteration count is not a number") }
    guard iterations >= Self.minimumIterations else { throw .tooFewIterations(iterations) }
    guard iterations <= Self.maximumIterations else { throw .tooManyIterations(iterations) }

    let withoutProof = "c=\(IRCBase64.encode(Array(Self.gs2Header.utf8))),r=\(combinedNonce)"
    let authMessage = Array("\(clientFirstBare),\(text),\(withoutProof)".utf8)
    var salted = crypto.pbkdf2SHA256(password: password, salt: salt, iterations: iterations)
    var clientKey = crypto.hmacSHA256(key: salted, Array("Client Key".utf8))
    var storedKey = crypto.sha256(clientKey)
    var clientSignature = crypto.hmacSHA256(key: storedKey, authMessage)
    var serverKey = crypto.hmacSHA256(key: salted, Array("Server Key".utf8))
    let serverSignature = crypto.hmacSHA256(key: serverKey, authMessage)
    var proof = zip(clientKey, clientSignature).map { $0 ^ $1 }
    let final = Array("\(withoutProof),p=\(IRCBase64.encode(proof))".utf8)
    crypto.wipe(&salted)
    crypto.wipe(&clientKey)
    crypto.wipe(&storedKey)
    crypto.wipe(&clientSignature)
    crypto.wipe(&serverKey)
    crypto.wipe(&proof)
    step = .awaitingServerFinal(signature: serverSignature)
    return final
  }

  /// Checks the server's final message: its signature must be the one our proof implies.
  /// `checksSignature` false (a replay, without the password) accepts any well-formed one.
  mutating func verify(serverFinal: [UInt8], checksSignature: Bool = true)
    throws(IRCSCRAMFailure)
  {
    guard case .awaitingServerFinal(let expected) = step else { throw .unexpectedMessage }
    guard let text = String(validating: serverFinal, as: UTF8.self) else {
      throw .malformed("the server's final message is not UTF-8")
    }
    let attributes = try Self.attributes(text)
    if let error = attributes.first, error.key == "e" { throw .serverError(error.value) }
    guard let verifier = attributes.first, verifier.key == "v",
      let signature = IRCBase64.decode(verifier.value)
    else { throw .malformed("the server's final message has no signature") }
    if checksSignature {
      // Compared in time that does not depend on where they differ.
      var difference = UInt8(signature.count == expected.count ? 0 : 1)
      for (mine, theirs) in zip(expected, signature) { difference |= mine ^ theirs }
      guard difference == 0 else { throw .badServerSignature }
    }
    step = .verified
  }

  /// `key=value` attributes, in order; throws when one is not of that form.
  private static func attributes(_ text: String) throws(IRCSCRAMFailure)
    -> [(key: Character, value: Substring)]
  {
    var result: [(key: Character, value: Substring)] = []
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      guard part.count >= 2, let key = part.first, key.isASCII, key.isLetter,
        part[part.index(after: part.startIndex)] == "="
      else { throw .malformed("the server's message is not a list of attributes") }
      result.append((key, part.dropFirst(2)))
    }
    return result
  }

  /// `name` with `=` written `=3D` and `,` written `=2C` (RFC 5802's `saslname`).
  static func escaped(_ name: String) -> String {
    var out = ""
    for character in name {
      switch character {
      case "=": out += "=3D"
      case ",": out += "=2C"
      default: out.append(character)
      }
    }
    return out
  }
}
