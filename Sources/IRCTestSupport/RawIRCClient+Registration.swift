import Foundation

extension RawIRCClient {
  /// How to authenticate during registration.
  public enum SASL: Sendable {
    /// PLAIN with this account and password (sent only to the test's own server).
    case plain(account: String, password: String)
    /// EXTERNAL: the TLS client certificate's fingerprint decides.
    case external
  }

  /// What registration found out.
  public struct Registration: Sendable {
    /// Capabilities the server offered (`CAP LS 302`), with their values ("" if none).
    public var offered: [String: String] = [:]
    /// Capabilities the server acknowledged.
    public var acknowledged: Set<String> = []
    /// The SASL outcome numeric (903 success; 904 failed; ...), if SASL was asked for.
    public var saslReply: IRCLine?
    /// `RPL_ISUPPORT` tokens (`NICKLEN` -> "30"; a token without a value maps to "").
    public var isupport: [String: String] = [:]
    /// Seconds from the first line sent to `001`.
    public var seconds: Double = 0
  }

  /// Registers as `nick`, negotiating `capabilities` (those the server offers) when given,
  /// then waits for `001` and the end of the MOTD. Throws on 433/432 or a timeout.
  @discardableResult
  public func register(
    nick: String, user: String? = nil, capabilities: [String]? = nil, sasl: SASL? = nil
  ) throws -> Registration {
    try Self.register([(self, nick)], user: user, capabilities: capabilities, sasl: sasl)[0]
  }

  /// Registers several clients at once, step by step across them, so they all complete on the
  /// same tick of InspIRCd's one-second registration timer rather than one tick each.
  @discardableResult
  public static func register(
    _ clients: [(RawIRCClient, String)], user: String? = nil, capabilities: [String]? = nil,
    sasl: SASL? = nil
  ) throws -> [Registration] {
    let started = ContinuousClock.now
    let negotiating = capabilities != nil || sasl != nil
    var registrations = Array(repeating: Registration(), count: clients.count)
    for (client, nick) in clients {
      if negotiating { try client.send("CAP LS 302") }
      try client.send("NICK \(nick)")
      try client.send("USER \(user ?? nick) 0 * :chat test \(nick)")
    }
    if negotiating {
      for (index, (client, _)) in clients.enumerated() {
        registrations[index].offered = try client.readCapabilityList()
        var wanted = (capabilities ?? []).filter { registrations[index].offered[$0] != nil }
        if sasl != nil { wanted.append("sasl") }
        if !wanted.isEmpty {
          try client.send("CAP REQ :\(wanted.joined(separator: " "))")
          let reply = try client.waitFor("CAP ACK or NAK") {
            $0.command == "CAP"
              && ($0.parameters.dropFirst().first == "ACK"
                || $0.parameters.dropFirst().first == "NAK")
          }
          if reply.parameters[1] == "ACK" {
            registrations[index].acknowledged = Set(
              (reply.trailing ?? "").split(separator: " ").map(String.init))
          }
        }
        if let sasl {
          registrations[index].saslReply = try client.authenticate(sasl)
        }
      }
      for (client, _) in clients { try client.send("CAP END") }
    }
    for (index, (client, nick)) in clients.enumerated() {
      let welcome = try client.waitFor("001 for \(nick)") {
        if ["433", "432", "ERROR"].contains($0.command) { return true }
        return $0.command == "001"
      }
      guard welcome.command == "001" else {
        throw TestServerError.refused("registering \(nick) failed: \(welcome.raw)")
      }
      registrations[index].seconds = (ContinuousClock.now - started).seconds
      client.nick = welcome.parameters.first ?? nick
      while true {
        let line = try client.waitFor(command: "005", "376", "422")
        if line.command != "005" { break }
        for token in line.parameters.dropFirst().dropLast() {
          let parts = token.split(separator: "=", maxSplits: 1)
          registrations[index].isupport[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
        }
      }
    }
    return registrations
  }

  /// Reads a (possibly multi-line) `CAP * LS` reply.
  func readCapabilityList() throws -> [String: String] {
    var offered: [String: String] = [:]
    while true {
      let line = try waitFor("CAP LS") {
        $0.command == "CAP" && $0.parameters.dropFirst().first == "LS"
      }
      for token in (line.trailing ?? "").split(separator: " ") {
        let parts = token.split(separator: "=", maxSplits: 1)
        offered[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
      }
      // `CAP * LS * :...` means more lines follow.
      if line.parameters.count < 4 || line.parameters[2] != "*" { return offered }
    }
  }

  /// Runs one SASL exchange; returns the outcome numeric (903 on success).
  func authenticate(_ sasl: SASL) throws -> IRCLine {
    let outcomes = ["902", "903", "904", "905", "906", "907", "908"]
    switch sasl {
    case .plain(let account, let password):
      try send("AUTHENTICATE PLAIN")
      let challenge = try waitFor("AUTHENTICATE +") {
        $0.command == "AUTHENTICATE" || outcomes.contains($0.command)
      }
      if challenge.command != "AUTHENTICATE" { return challenge }
      let token = Data("\(account)\0\(account)\0\(password)".utf8).base64EncodedString()
      try send("AUTHENTICATE \(token)")
    case .external:
      try send("AUTHENTICATE EXTERNAL")
      let challenge = try waitFor("AUTHENTICATE +") {
        $0.command == "AUTHENTICATE" || outcomes.contains($0.command)
      }
      if challenge.command != "AUTHENTICATE" { return challenge }
      try send("AUTHENTICATE +")
    }
    return try waitFor("SASL outcome") { outcomes.contains($0.command) }
  }
}
