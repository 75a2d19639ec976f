extension IRCClient {
  /// The longest piece of a SASL response in one `AUTHENTICATE` line, as the spec says.
  static let saslChunkBytes = 400

  /// The longest server challenge chat reassembles from `AUTHENTICATE` pieces, in base64
  /// characters: SCRAM's messages are a few hundred.
  static let maximumChallengeBytes = 4096

  /// The mechanism this connection uses for the configured one (`preferredMechanism`).
  var preferredSASLMechanism: IRCSASLMechanism? {
    guard let configured = configuration.sasl?.mechanism else { return nil }
    return registration.preferredMechanism(configured, canSCRAM: saslCrypto != nil)
  }

  /// Why SASL cannot be tried with what the server offers; nil when it can.
  func saslUnavailable() -> String? {
    guard let mechanism = preferredSASLMechanism else { return nil }
    return registration.saslUnavailable(mechanism, over: configuration.endpoint)
  }

  /// `sasl` is on: name the mechanism, and hold `CAP END` until the outcome.
  mutating func beginAuthentication(into output: inout IRCOutput) {
    guard let mechanism = preferredSASLMechanism else { return }
    registration.capPhase = .authenticating
    registration.saslState = .mechanismSent
    registration.saslMechanism = mechanism
    registration.triedMechanisms.insert(mechanism.name)
    registration.scram = nil
    registration.saslChallenge = ""
    // SASL lines answer the server's prompts, a handful per connection, so they skip the
    // pacing, which would add a second to every login.
    output.lines.append(
      IRCMessage(command: "AUTHENTICATE", parameters: [mechanism.name]).serialized)
  }

  /// `AUTHENTICATE`: the server's challenge, or a piece of it. The empty one (`+`) first,
  /// answered with our response; then, for `SCRAM-SHA-256`, the server's first and final
  /// messages.
  mutating func receiveAuthenticate(_ message: IRCMessage, into output: inout IRCOutput) {
    guard let piece = message.parameters.first, let mechanism = registration.saslMechanism
    else { return }
    registration.awaitsRefusalOfRetried = false
    switch registration.saslState {
    case .mechanismSent:
      registration.saslState = .responseSent
      guard piece == "+" else {
        // Every mechanism chat knows begins with the empty challenge: abort (906 follows).
        output.lines.append("AUTHENTICATE *")
        return
      }
      if let response = mechanism.response() {
        appendResponse(response, into: &output)
      } else if case .scramSHA256(let user, _) = mechanism {
        let exchange = IRCSCRAM(user: user, nonce: registration.saslNonce ?? "")
        registration.scram = exchange
        appendResponse(exchange.clientFirst, into: &output)
      }
    case .responseSent:
      guard registration.scram != nil else { return }
      guard let challenge = reassembledChallenge(adding: piece, into: &output) else { return }
      continueSCRAM(challenge, into: &output)
    case .off, .waiting, .requested, .succeeded, .failed:
      return
    }
  }

  /// Adds `piece` to the challenge being reassembled; the whole challenge, base64-decoded,
  /// once a piece shorter than 400 bytes (or `+`) ends it. A challenge that is too long or
  /// not base64 ends the exchange (`abortSCRAM`) and gives nil, as does an unfinished one.
  private mutating func reassembledChallenge(adding piece: String, into output: inout IRCOutput)
    -> [UInt8]?
  {
    if piece != "+" { registration.saslChallenge += piece }
    guard registration.saslChallenge.utf8.count <= Self.maximumChallengeBytes else {
      registration.saslChallenge = ""
      abortSCRAM(.malformed("the server's SCRAM message is too long"), into: &output)
      return nil
    }
    if piece != "+", piece.utf8.count == Self.saslChunkBytes { return nil }
    defer { registration.saslChallenge = "" }
    guard let decoded = IRCBase64.decode(registration.saslChallenge) else {
      abortSCRAM(.malformed("the server's SCRAM message is not base64"), into: &output)
      return nil
    }
    return decoded
  }

  /// The server's SCRAM message `challenge`: our final message after its first; `+` after
  /// its final, once its signature is verified. Anything wrong ends the login.
  private mutating func continueSCRAM(_ challenge: [UInt8], into output: inout IRCOutput) {
    guard var exchange = registration.scram, let crypto = saslCrypto,
      case .scramSHA256(_, let password) = registration.saslMechanism
    else { return }
    let verifies = configuration.sasl?.verifiesServer ?? true
    do throws(IRCSCRAMFailure) {
      switch exchange.step {
      case .awaitingServerFirst:
        let final = try password.withUTF8 { bytes in
          Result { () throws(IRCSCRAMFailure) in
            try exchange.clientFinal(
              serverFirst: challenge, password: bytes, crypto: crypto, checksNonce: verifies)
          }
        }.get()
        registration.scram = exchange
        appendResponse(final, into: &output)
      case .awaitingServerFinal:
        try exchange.verify(serverFinal: challenge, checksSignature: verifies)
        registration.scram = exchange
        output.lines.append("AUTHENTICATE +")
      case .verified:
        throw IRCSCRAMFailure.unexpectedMessage
      }
    } catch {
      abortSCRAM(error, into: &output)
    }
  }

  /// Ends a SCRAM exchange the server got wrong: `AUTHENTICATE *`, and the login failed.
  private mutating func abortSCRAM(_ failure: IRCSCRAMFailure, into output: inout IRCOutput) {
    registration.scram = nil
    output.lines.append("AUTHENTICATE *")
    let reason = "SASL \(IRCSASLMechanism.scramName) failed: \(failure)"
    if failAuthentication(reason, into: &output) { endCapabilityNegotiation() }
  }

  /// Writes `response` base64-encoded in 400-byte `AUTHENTICATE` lines, each marked as
  /// carrying a secret, ending with `AUTHENTICATE +` when the last piece is a full one.
  private func appendResponse(_ response: [UInt8], into output: inout IRCOutput) {
    let encoded = Array(IRCBase64.encode(response).utf8)
    var start = 0
    while start < encoded.count {
      let end = min(start + Self.saslChunkBytes, encoded.count)
      output.appendSensitive(
        "AUTHENTICATE " + String(decoding: encoded[start..<end], as: UTF8.self))
      start = end
    }
    // An empty response, or one whose last piece is a full 400 bytes, ends with `+`.
    if encoded.count % Self.saslChunkBytes == 0 { output.lines.append("AUTHENTICATE +") }
  }

  /// `900`–`908`: logged in or out, and the outcome of our SASL exchange.
  mutating func receiveSASLReply(
    _ message: IRCMessage, _ command: IRCCommand, into output: inout IRCOutput
  ) {
    let parameters = message.parameters
    let text = parameters.count > 1 ? parameters[parameters.count - 1] : ""
    // `900 <nick> <nick!user@host> <account> :You are now logged in as <account>`
    if command == .loggedIn, parameters.count >= 4 { registration.account = parameters[2] }
    if command == .loggedOut { registration.account = nil }
    guard registration.saslState == .mechanismSent || registration.saslState == .responseSent,
      let mechanism = registration.saslMechanism
    else { return }
    let what: String
    switch command.number ?? 0 {
    case 903, 907:
      if case .scramSHA256 = mechanism, registration.scram?.step != .verified {
        // Success without the server's signature would let a server that does not know the
        // password pass for one that does.
        registration.scram = nil
        what = "the server reported success without proving it knows the password"
        break
      }
      registration.saslState = .succeeded
      output.events.append(.authenticated(account: registration.account))
      endCapabilityNegotiation()
      return
    case 902: what = "the account is not available to this nick"
    case 904:
      if registration.awaitsRefusalOfRetried {
        // The refusal of the mechanism `908` turned down; the retried one goes on.
        registration.awaitsRefusalOfRetried = false
        return
      }
      what =
        mechanism == .external
        ? "the server found no account for the client certificate"
        : "the server refused the account name or password"
    case 905: what = "the credentials are too long for the server"
    case 906: what = "the server aborted the login"
    case 908:
      let listed = parameters.count >= 3 ? parameters[1].split(separator: ",") : []
      registration.listedMechanisms = listed.map { $0.uppercased() }
      if let preferred = preferredSASLMechanism, preferred != mechanism,
        !registration.triedMechanisms.contains(preferred.name)
      {
        // The server named one chat prefers and has not tried (`SCRAM-SHA-256`): try it.
        registration.awaitsRefusalOfRetried = true
        beginAuthentication(into: &output)
        return
      }
      let offered = listed.isEmpty ? "?" : listed.joined(separator: ", ")
      what = "the server does not accept \(mechanism.name) (it offers \(offered))"
    default: return
    }
    let reason = "SASL \(mechanism.name) failed: \(what) (\(message.command): \(text))"
    if failAuthentication(reason, into: &output) { endCapabilityNegotiation() }
  }

  /// Reports a failed or impossible SASL login. Required: `QUIT`, close, and false (stop).
  /// Optional: says registration goes on without an account, and true (carry on).
  mutating func failAuthentication(_ reason: String, into output: inout IRCOutput) -> Bool {
    registration.saslState = .failed
    guard configuration.sasl?.isRequired ?? false else {
      output.events.append(
        .authenticationFailed(
          reason: reason + "; registering without an account, as SASL is optional"))
      return true
    }
    output.events.append(.authenticationFailed(reason: reason))
    // Written at once: the disconnect empties the outbox.
    output.lines.append(
      IRCMessage(command: "QUIT", parameters: ["SASL authentication failed"]).serialized)
    disconnect(reason: "not registering without SASL: \(reason)", into: &output)
    return false
  }

  /// Gives up SASL that has not finished (`failAuthentication`); true when there was none
  /// to give up or it was optional.
  mutating func abandonAuthentication(_ reason: String, into output: inout IRCOutput) -> Bool {
    guard configuration.sasl != nil, registration.saslState != .succeeded,
      registration.saslState != .failed
    else {
      return true
    }
    return failAuthentication(reason, into: &output)
  }

  /// `001` before SASL finished (a server without capabilities, or one that ignored ours):
  /// required SASL quits rather than stay registered without an account.
  mutating func admitsRegistration(into output: inout IRCOutput) -> Bool {
    abandonAuthentication("the server registered the connection before SASL", into: &output)
  }
}
