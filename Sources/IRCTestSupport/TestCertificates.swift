import Foundation

/// A throwaway certificate authority and the certificates the TLS tests need, made with the
/// `openssl` command in a temporary directory (EC P-256 keys: fast to make).
///
/// `server` is valid for `localhost` and 127.0.0.1; `wrongHost` is signed by the same CA for
/// `wrong.invalid` only; `expired` has valid names but expired on 2020-01-02. `untrusted` is
/// valid for localhost but self-signed, outside the CA. Client certificates for SASL EXTERNAL
/// come from `makeClient(named:)`, with the fingerprint services compare.
public final class TestCertificates {
  /// A certificate, its private key and its SHA-256 fingerprint.
  public struct Identity: Sendable, Hashable {
    /// A short name for the variant ("server", "wrong-host", "expired", ...).
    public var name: String
    /// PEM certificate path.
    public var certificate: String
    /// PEM private key path (unencrypted).
    public var key: String
    /// Lowercase hex SHA-256 of the DER certificate, no colons (InspIRCd's and Atheme's form).
    public var fingerprint: String
  }

  /// Where the files live; removed by `remove()`.
  public let directory: TemporaryDirectory
  /// The CA certificate to trust (`--tls-ca`, `openssl s_client -CAfile`).
  public let authority: String
  public let server: Identity
  public let wrongHost: Identity
  public let expired: Identity
  public let untrusted: Identity

  /// Makes the CA and the server certificates. About 0.1 s.
  public init() throws {
    directory = try TemporaryDirectory(prefix: "chat-certs")
    let directory = self.directory
    try directory.write(
      """
      [ca]
      default_ca = test
      [test]
      database = \(directory.file("index.txt"))
      new_certs_dir = \(directory.path)
      serial = \(directory.file("serial"))
      default_md = sha256
      policy = anything
      unique_subject = no
      [anything]
      commonName = supplied

      """, to: "ca.cnf")
    try directory.write("", to: "index.txt")
    try directory.write("1000\n", to: "serial")
    try Command.run(
      .openssl,
      [
        "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
        "-keyout", "ca.key", "-out", "ca.pem", "-days", "30", "-subj", "/CN=chat test CA",
      ], in: directory)
    authority = directory.file("ca.pem")
    server = try Self.issue(
      "server", names: "DNS:localhost,IP:127.0.0.1", in: directory)
    wrongHost = try Self.issue("wrong-host", names: "DNS:wrong.invalid", in: directory)
    expired = try Self.issue(
      "expired", names: "DNS:localhost,IP:127.0.0.1", dates: ("20200101000000Z", "20200102000000Z"),
      in: directory)
    untrusted = try Self.selfSigned("untrusted", in: directory)
  }

  /// A client certificate (self-signed; servers do not verify client certificates, they only
  /// compare fingerprints) for `name`.
  public func makeClient(named name: String) throws -> Identity {
    try Self.selfSigned("client-\(name)", in: directory)
  }

  /// Removes the files.
  public func remove() { directory.remove() }

  private static func issue(
    _ name: String, names: String, dates: (String, String)? = nil, in directory: TemporaryDirectory
  ) throws -> Identity {
    try makeKeyAndRequest(name, subject: "/CN=\(name)", in: directory)
    try directory.write(
      "subjectAltName=\(names)\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n",
      to: "\(name).ext")
    var arguments = [
      "ca", "-batch", "-notext", "-config", "ca.cnf", "-cert", "ca.pem", "-keyfile", "ca.key",
      "-in", "\(name).csr", "-out", "\(name).pem", "-extfile", "\(name).ext",
    ]
    if let (start, end) = dates {
      arguments += ["-startdate", start, "-enddate", end]
    } else {
      arguments += ["-days", "30"]
    }
    try Command.run(.openssl, arguments, in: directory)
    return try identity(name, in: directory)
  }

  private static func selfSigned(_ name: String, in directory: TemporaryDirectory) throws
    -> Identity
  {
    try Command.run(
      .openssl,
      [
        "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
        "-keyout", "\(name).key", "-out", "\(name).pem", "-days", "30", "-subj", "/CN=localhost",
        "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
      ], in: directory)
    return try identity(name, in: directory)
  }

  private static func makeKeyAndRequest(
    _ name: String, subject: String, in directory: TemporaryDirectory
  ) throws {
    try Command.run(
      .openssl,
      [
        "req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
        "-keyout", "\(name).key", "-out", "\(name).csr", "-subj", subject,
      ], in: directory)
  }

  private static func identity(_ name: String, in directory: TemporaryDirectory) throws -> Identity
  {
    let printed = try Command.run(
      .openssl, ["x509", "-in", "\(name).pem", "-noout", "-fingerprint", "-sha256"], in: directory
    ).output
    // "sha256 Fingerprint=AB:CD:..." (the label's case differs between OpenSSL versions).
    guard let equals = printed.firstIndex(of: "=") else {
      throw TestServerError.commandFailed(
        command: "openssl x509 -fingerprint", status: 0, output: printed)
    }
    let fingerprint = printed[printed.index(after: equals)...]
      .filter { $0.isHexDigit }.lowercased()
    return Identity(
      name: name, certificate: directory.file("\(name).pem"), key: directory.file("\(name).key"),
      fingerprint: fingerprint)
  }
}
