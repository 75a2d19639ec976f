/// Who chat logs in as with SASL, and how: the account name and, for `PLAIN`, the password.
///
/// The password is never shown: `description`, `debugDescription`, `dump` and string
/// interpolation all print `<hidden>` in its place. Its bytes live in memory that is wiped when
/// the last copy of these credentials goes away.
struct SASLCredentials: Equatable, Sendable, CustomStringConvertible,
  CustomDebugStringConvertible, CustomReflectable
{
  /// The SASL mechanism the credentials are for.
  enum Mechanism: String, Equatable, Sendable {
    /// `PLAIN`: the account name and password (RFC 4616).
    case plain = "PLAIN"
    /// `EXTERNAL`: the client certificate given with `--tls-cert` (RFC 4422 appendix A).
    case external = "EXTERNAL"
  }

  /// Where a password came from, as error messages name it (never its value).
  enum Source: Equatable, Sendable, CustomStringConvertible {
    /// The `CHAT_SASL_PASSWORD` environment variable.
    case environment
    /// A password file.
    case file(String)

    var description: String {
      switch self {
      case .environment: SASLCredentials.environmentVariable
      case .file(let path): "password file '\(path)'"
      }
    }
  }

  /// The environment variable a password may come from.
  static let environmentVariable = "CHAT_SASL_PASSWORD"
  /// The longest password chat reads, in bytes: far beyond any real one, and it keeps a
  /// mistaken `--sasl-password-file /dev/zero`-like file from being read whole.
  static let maximumPasswordLength = 4096

  /// The account name (the authentication identity).
  var user: String
  /// The mechanism: `PLAIN` when there is a password, else `EXTERNAL`.
  var mechanism: Mechanism { password == nil ? .external : .plain }
  /// Where the password came from; nil for `EXTERNAL`.
  let passwordSource: Source?
  private let password: SecretBytes?

  /// Credentials for `EXTERNAL`: the server identifies the account by the client certificate.
  init(externalUser user: String) {
    (self.user, self.password, self.passwordSource) = (user, nil, nil)
  }

  /// Credentials for `PLAIN`, with the password's bytes copied out of `password`.
  init(user: String, password: SecretBytes, source: Source) {
    (self.user, self.password, self.passwordSource) = (user, password, source)
  }

  /// Calls `body` with the password's bytes (UTF-8, no trailing newline), or with nil for
  /// `EXTERNAL`. Copy them no further than the message that carries them.
  func withPasswordBytes<Result, Failure: Error>(
    _ body: (UnsafeRawBufferPointer?) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    guard let password else { return try body(nil) }
    return try password.withUnsafeBytes(body)
  }

  static func == (lhs: SASLCredentials, rhs: SASLCredentials) -> Bool {
    guard lhs.user == rhs.user, lhs.passwordSource == rhs.passwordSource else { return false }
    switch (lhs.password, rhs.password) {
    case (nil, nil): return true
    case (let left?, let right?): return left.isEqual(to: right)
    default: return false
    }
  }

  var description: String {
    "SASLCredentials(user: \(user), mechanism: \(mechanism.rawValue)"
      + (passwordSource.map { ", password: <hidden> from \($0)" } ?? "") + ")"
  }

  var debugDescription: String { description }

  var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "user": user, "mechanism": mechanism, "password": password == nil ? "none" : "<hidden>",
      ], displayStyle: .struct)
  }
}
