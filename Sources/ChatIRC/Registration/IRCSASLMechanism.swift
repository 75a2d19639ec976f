/// How chat proves who it is to the server's SASL (IRCv3 `sasl`, 3.1).
public enum IRCSASLMechanism: Hashable, Sendable {
  /// `PLAIN` (RFC 4616): an account name and its password.
  case plain(user: String, password: IRCSecret)
  /// `SCRAM-SHA-256` (RFC 7677): the account name, and a proof made from the password, which
  /// never crosses the wire; the server proves it knows the password too. A `.plain` login
  /// becomes this where the server offers it and the client has the crypto
  /// (`IRCSASLCrypto`); configured as such, it never falls back to `PLAIN`.
  case scramSHA256(user: String, password: IRCSecret)
  /// `EXTERNAL` (RFC 4422): the TLS client certificate names the account.
  case external

  /// The mechanism's name on the wire: `PLAIN`, `SCRAM-SHA-256` or `EXTERNAL`.
  public var name: String {
    switch self {
    case .plain: "PLAIN"
    case .scramSHA256: Self.scramName
    case .external: "EXTERNAL"
    }
  }

  /// `SCRAM-SHA-256`.
  static let scramName = "SCRAM-SHA-256"

  /// The response to the server's empty challenge, before base64: for `PLAIN`
  /// `authzid NUL authcid NUL password` (the user as both, as Atheme and every network
  /// accept), for `EXTERNAL` nothing (the certificate's account). Nil for `SCRAM-SHA-256`,
  /// whose first message is `IRCSCRAM`'s.
  func response() -> [UInt8]? {
    switch self {
    case .plain(let user, let password):
      password.withUTF8 { Array(user.utf8) + [0] + Array(user.utf8) + [0] + $0 }
    case .scramSHA256:
      nil
    case .external:
      []
    }
  }
}

extension IRCSASLMechanism: CustomStringConvertible, CustomReflectable {
  /// The mechanism and, for `PLAIN` and `SCRAM-SHA-256`, the user; never the password.
  public var description: String {
    switch self {
    case .plain(let user, _): "PLAIN as \(user)"
    case .scramSHA256(let user, _): "\(Self.scramName) as \(user)"
    case .external: "EXTERNAL"
    }
  }

  /// The mechanism's name and user only.
  public var customMirror: Mirror {
    switch self {
    case .plain(let user, _), .scramSHA256(let user, _):
      Mirror(self, children: ["name": name, "user": user], displayStyle: .enum)
    case .external:
      Mirror(self, children: ["name": name], displayStyle: .enum)
    }
  }
}
