/// How chat proves who it is to the server's SASL (IRCv3 `sasl`, 3.1).
public enum IRCSASLMechanism: Hashable, Sendable {
  /// `PLAIN` (RFC 4616): an account name and its password.
  case plain(user: String, password: IRCSecret)
  /// `EXTERNAL` (RFC 4422): the TLS client certificate names the account.
  case external

  /// The mechanism's name on the wire: `PLAIN` or `EXTERNAL`.
  public var name: String {
    switch self {
    case .plain: "PLAIN"
    case .external: "EXTERNAL"
    }
  }

  /// The response to the server's empty challenge, before base64: for `PLAIN`
  /// `authzid NUL authcid NUL password` (the user as both, as Atheme and every network
  /// accept), for `EXTERNAL` nothing (the certificate's account).
  func response() -> [UInt8] {
    switch self {
    case .plain(let user, let password):
      password.withUTF8 { Array(user.utf8) + [0] + Array(user.utf8) + [0] + $0 }
    case .external:
      []
    }
  }
}

extension IRCSASLMechanism: CustomStringConvertible, CustomReflectable {
  /// The mechanism and, for `PLAIN`, the user; never the password.
  public var description: String {
    switch self {
    case .plain(let user, _): "PLAIN as \(user)"
    case .external: "EXTERNAL"
    }
  }

  /// The mechanism's name and user only.
  public var customMirror: Mirror {
    switch self {
    case .plain(let user, _):
      Mirror(self, children: ["name": name, "user": user], displayStyle: .enum)
    case .external:
      Mirror(self, children: ["name": name], displayStyle: .enum)
    }
  }
}
