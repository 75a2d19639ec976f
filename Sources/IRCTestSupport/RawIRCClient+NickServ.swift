import Glibc

extension RawIRCClient {
  /// Registers the current nick as an account with NickServ (Atheme must be linked), and
  /// waits until services have logged this connection in to it (`900`).
  public func registerAccount(password: String, email: String = "test@example.invalid") throws {
    try send("PRIVMSG NickServ :REGISTER \(password) \(email)")
    try waitFor("900 logged in after REGISTER", timeout: 15) { $0.command == "900" }
  }

  /// Registers the current nick as an account with Ergo's own NickServ, which logs the
  /// connection in and says so in a notice (no `900`), and waits for that notice.
  public func registerErgoAccount(password: String) throws {
    try send("PRIVMSG NickServ :REGISTER \(password)")
    try waitFor("NickServ's login notice") {
      $0.command == "NOTICE" && ($0.trailing ?? "").contains("logged in")
    }
  }

  /// Adds `fingerprint` to the account this connection is logged in to (NickServ
  /// `CERT ADD`), so that SASL EXTERNAL with that client certificate logs in to it.
  public func addCertificate(fingerprint: String) throws {
    try send("PRIVMSG NickServ :CERT ADD \(fingerprint)")
    let reply = try waitFor("NickServ's answer to CERT ADD", timeout: 15) {
      $0.command == "NOTICE" && $0.nick == "NickServ" && ($0.trailing ?? "").contains(fingerprint)
    }
    guard (reply.trailing ?? "").lowercased().contains("added") else {
      throw TestServerError.refused("CERT ADD \(fingerprint) failed: \(reply.raw)")
    }
  }

  /// Sets the public key of the account this connection is logged in to (NickServ
  /// `SET PUBKEY`), so that SASL ECDSA-NIST256P-CHALLENGE with its private half logs in.
  /// `key` is the point as Atheme reads it: base64 of the compressed (or uncompressed) point.
  public func setPublicKey(_ key: String) throws {
    try send("PRIVMSG NickServ :SET PUBKEY \(key)")
    let reply = try waitFor("NickServ's answer to SET PUBKEY", timeout: 15) {
      $0.command == "NOTICE" && $0.nick == "NickServ"
        && ($0.trailing ?? "").lowercased().contains("key")
    }
    let text = (reply.trailing ?? "").lowercased()
    guard !text.contains("invalid"), !text.contains("not ") else {
      throw TestServerError.refused("SET PUBKEY failed: \(reply.raw)")
    }
  }

  /// The account `nick` is logged in to, from `WHOIS` (`330`); nil when it is not logged in.
  /// Throws when there is no such nick.
  public func account(of nick: String) throws -> String? {
    try whois(nick).first { $0.command == "330" }.flatMap {
      $0.parameters.count > 2 ? $0.parameters[2] : nil
    }
  }

  /// The replies to `WHOIS nick` up to its end (`318`); throws when there is no such nick.
  public func whois(_ nick: String) throws -> [IRCLine] {
    try send("WHOIS \(nick)")
    var replies: [IRCLine] = []
    // Bounded: a WHOIS has a handful of replies.
    for _ in 0..<100 {
      let line = try waitFor("the WHOIS of \(nick)") {
        $0.command.count == 3 && $0.parameters.dropFirst().first == nick
      }
      if line.command == "401" { throw TestServerError.refused("WHOIS \(nick): \(line.raw)") }
      if line.command == "318" { return replies }
      replies.append(line)
    }
    return replies
  }
}

extension TestCertificates {
  /// A PEM file holding `identity`'s certificate and then its key (what `--tls-cert` reads),
  /// mode 0600, beside the other files; returns its path.
  public func combinedFile(for identity: Identity) throws -> String {
    let text = [identity.certificate, identity.key].map {
      directory.read(String($0.dropFirst(directory.path.count + 1)))
    }.joined()
    let path = try directory.write(text, to: "\(identity.name)-combined.pem")
    guard chmod(path, 0o600) == 0 else { throw TestServerError.systemCall("chmod", errno: errno) }
    return path
  }
}
