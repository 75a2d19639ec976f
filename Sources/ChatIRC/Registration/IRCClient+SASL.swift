extension IRCClient {
  /// The longest piece of a SASL response in one `AUTHENTICATE` line, as the spec says.
  static let saslChunkBytes = 400

  /// Why SASL cannot be tried with what the server offers; nil when it can.
  func saslUnavailable() -> String? {
    guard let mechanism = configuration.sasl?.mechanism else { return nil }
    return registration.saslUnavailable(mechanism, over: configuration.endpoint)
  }

  /// `sasl` is on: name the mechanism, and hold `CAP END` until the outcome.
  mutating func beginAuthentication(into output: inout IRCOutput) {
    guard let mechanism = configuration.sasl?.mechanism else { return }
    registration.capPhase = .authenticating
    registration.saslState = .mechanismSent
    // SASL lines answer the server's prompts, a handful per connection, so they skip the
    // pacing, which would add a second to every login.
    output.lines.append(
      IRCMessage(command: "AUTHENTICATE", parameters: [mechanism.name]).serialized)
  }

  /// `AUTHENTICATE +` (the empty challenge): our response, once.
  mutating func receiveAuthenticate(_ message: IRCMessage, into output: inout IRCOutput) {
    guard registration.saslState == .mechanismSent, let challenge = message.parameters.first,
      let mechanism = configuration.sasl?.mechanism
    else { return }
    registration.saslState = .responseSent
    guard challenge == "+" else {
      // PLAIN and EXTERNAL expect nothing but the empty challenge: abort (906 follows).
      output.lines.append("AUTHENTICATE *")
      return
    }
    let encoded = Array(IRCBase64.encode(mechanism.response()).utf8)
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
      let mechanism = configuration.sasl?.mechanism
    else { return }
    let what: String
    switch command.number ?? 0 {
    case 903, 907:
      registration.saslState = .succeeded
      output.events.append(.authenticated(account: registration.account))
      endCapabilityNegotiation()
      return
    case 902: what = "the account is not available to this nick"
    case 904:
      what =
        mechanism == .external
        ? "the server found no account for the client certificate"
        : "the server refused the account name or password"
    case 905: what = "the credentials are too long for the server"
    case 906: what = "the server aborted the login"
    case 908:
      let offered =
        parameters.count >= 3 ? parameters[1].split(separator: ",").joined(separator: ", ") : "?"
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
