import FoundationEssentials
import Glibc

/// A throwaway certificate authority and the certificates the TLS tests need, made with the
/// `openssl` command in a temporary directory that is removed afterwards.
///
/// Keys are EC P-256 (fast to make). Every file is a path under `directory`; the keys are
/// throwaway test keys and never appear in any message.
final class TestCertificates {
  let directory: String
  /// The CA that signs `good`, `otherName`, `expired` and `client`.
  var caFile: String { directory + "/ca.pem" }

  /// Makes the CA and every certificate.
  init() throws {
    var template = Array("/tmp/chat-tls-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { throw ChildError.cannotStart(errno) }
    directory = String(cString: made)
    do {
      try write("ca.cnf", Self.caConfig(in: directory))
      try write("db/index.txt", "")
      try write("db/serial", "01\n")
      try OpenSSLTool.run(
        [
          "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
          "-keyout", path("ca.key"), "-out", path("ca.pem"), "-days", "2", "-subj",
          "/CN=chat test CA",
        ])
      try sign("good", subject: "/CN=localhost", names: "DNS:localhost,IP:127.0.0.1,IP:::1")
      try sign("other", subject: "/CN=other.test", names: "DNS:other.test")
      try sign(
        "expired", subject: "/CN=localhost", names: "DNS:localhost,IP:127.0.0.1",
        dates: ["-startdate", "20200101000000Z", "-enddate", "20200102000000Z"])
      try sign(
        "future", subject: "/CN=localhost", names: "DNS:localhost,IP:127.0.0.1",
        dates: ["-startdate", "20990101000000Z", "-enddate", "20990102000000Z"])
      try sign("client", subject: "/CN=chat-client", names: "DNS:chat-client")
      try OpenSSLTool.run(
        [
          "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
          "-keyout", path("self.key"), "-out", path("self.pem"), "-days", "2", "-subj",
          "/CN=localhost",
          "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
        ])
      // The client's certificate and key in one PEM file, as `certificateFile` takes them.
      let bundle =
        try String(contentsOfFile: path("client.pem"), encoding: .utf8)
        + String(contentsOfFile: path("client.key"), encoding: .utf8)
      try write("client-bundle.pem", bundle)
    } catch {
      remove()
      throw error
    }
  }

  deinit { remove() }

  /// The certificate and key files of `name` (`good`, `other`, `expired`, `future`, `self`).
  func server(_ name: String) -> (certificate: String, key: String) {
    (path(name + ".pem"), path(name + ".key"))
  }

  /// The client certificate and key in one file.
  var clientBundle: String { path("client-bundle.pem") }

  /// `openssl x509 -fingerprint -sha256` of `name`'s certificate, as lowercase hex.
  func fingerprint(of name: String) throws -> String {
    let output = try OpenSSLTool.run(
      ["x509", "-in", path(name + ".pem"), "-noout", "-fingerprint", "-sha256"])
    let value = output.split(separator: "=").last ?? ""
    return value.filter { $0 != ":" && !$0.isWhitespace }.lowercased()
  }

  func path(_ name: String) -> String { directory + "/" + name }

  private func sign(_ name: String, subject: String, names: String, dates: [String] = []) throws {
    try OpenSSLTool.run(
      [
        "req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
        "-keyout", path(name + ".key"), "-out", path(name + ".csr"), "-subj", subject,
        "-addext", "subjectAltName=" + names,
      ])
    // `openssl ca`, not `x509 -req`: OpenSSL 3.0's x509 has no way to set a start date.
    try OpenSSLTool.run(
      [
        "ca", "-batch", "-config", path("ca.cnf"), "-in", path(name + ".csr"), "-out",
        path(name + ".pem"),
        "-notext",
      ] + (dates.isEmpty ? ["-days", "2"] : dates))
  }

  private func write(_ name: String, _ text: String) throws {
    let file = path(name)
    let folder = String(file[..<(file.lastIndex(of: "/") ?? file.endIndex)])
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try text.write(toFile: file, atomically: false, encoding: .utf8)
  }

  private func remove() {
    try? FileManager.default.removeItem(atPath: directory)
  }

  /// `openssl ca`'s configuration, with absolute paths (the child runs in the test's directory).
  private static func caConfig(in directory: String) -> String {
    """
    [ca]
    default_ca = test
    [test]
    dir = \(directory)
    database = $dir/db/index.txt
    serial = $dir/db/serial
    new_certs_dir = $dir/db
    certificate = $dir/ca.pem
    private_key = $dir/ca.key
    default_md = sha256
    policy = anything
    copy_extensions = copy
    unique_subject = no
    [anything]
    commonName = supplied

    """
  }
}
