import Foundation
import Glibc

/// An EC P-256 key pair made with the `openssl` command, for SASL ECDSA-NIST256P-CHALLENGE:
/// the private key as a PEM file only its owner may read (what `--sasl-key` takes), and the
/// public half as Atheme's `NickServ SET PUBKEY` takes it.
public struct TestECKey: Sendable {
  /// The PEM private key, mode 0600.
  public let path: String
  /// The public point, compressed (33 bytes), in base64.
  public let publicKey: String

  /// Makes a key named `name` in `directory`.
  public init(named name: String, in directory: TemporaryDirectory) throws {
    let pem = "\(name).pem"
    let der = "\(name)-public.der"
    try Command.run(
      .openssl, ["ecparam", "-name", "prime256v1", "-genkey", "-noout", "-out", pem],
      in: directory)
    try Command.run(
      .openssl,
      [
        "ec", "-in", pem, "-pubout", "-conv_form", "compressed", "-outform", "DER", "-out", der,
      ], in: directory)
    path = directory.file(pem)
    guard chmod(path, 0o600) == 0 else { throw TestServerError.systemCall("chmod", errno: errno) }
    // The DER SubjectPublicKeyInfo ends with the point: 33 bytes when compressed.
    let info = try Data(contentsOf: URL(fileURLWithPath: directory.file(der)))
    publicKey = info.suffix(33).base64EncodedString()
  }
}
