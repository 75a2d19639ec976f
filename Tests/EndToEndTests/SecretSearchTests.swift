import Foundation
import IRCTestRequirements
import IRCTestSupport
import Testing

/// A SASL PLAIN login through the built binary with every output it has turned on: the
/// password, and the `AUTHENTICATE` payload in base64, appear in none of them.
@Suite(.ownThread, .requires(.inspircd, .atheme), .timeLimit(.minutes(10)))
struct SecretSearchTests {
  enum Source: String, CaseIterable { case environment, file }

  @Test(arguments: [(Source.environment, "jsonl"), (.file, "line")])
  func noOutputOfALoggedInRunHoldsThePasswordOrItsPayload(source: Source, renderer: String)
    throws
  {
    var configuration = InspIRCdConfiguration()
    configuration.services = true
    let server = try InspIRCdServer.start(configuration)
    defer { server.stop() }
    let services = try AthemeServices.start(linkedTo: server)
    defer { services.stop() }
    let password = "tr0ub4dor-\(UInt32.random(in: 100_000...999_999))"
    let owner = try RawIRCClient.connect(port: server.port)
    defer { owner.close() }
    try owner.register(nick: "vera")
    try owner.registerAccount(password: password)
    owner.close()

    let home = try ScratchFolder()
    defer { home.remove() }
    try FileManager.default.createDirectory(
      atPath: home.path + "/logs", withIntermediateDirectories: true)
    let secrets = try ScratchFolder()
    defer { secrets.remove() }
    var arguments = [
      "--server", "irc://127.0.0.1:\(server.port)/#vault", "--name", "vera2", "--sasl-user",
      "vera", "--renderer", renderer, "--log", home.path + "/chat.log", "--jsonl",
      home.path + "/chat.jsonl", "--log-dir", home.path + "/logs", "--record",
      home.path + "/typed.chat",
    ]
    var environment = home.environment()
    switch source {
    case .environment: environment["CHAT_SASL_PASSWORD"] = password
    case .file:
      arguments += ["--sasl-password-file", try secrets.write(password + "\n", to: "pass")]
    }
    let run = try BinaryRunner.run(
      arguments, stdin: Array("logged in\n/list\n".utf8), environment: environment)
    #expect(run.status == 0, "\(run.stderr)")
    // The login is a session notice: on standard error piped, in the transcript in line mode.
    let shown = run.stderr + String(decoding: run.stdout, as: UTF8.self)
    #expect(shown.contains("logged in as vera"), "\(shown)")

    var outputs = [("stdout", run.stdout), ("stderr", Array(run.stderr.utf8))]
    let files = try everyFile(under: home.path)
    #expect(files.contains { $0.hasSuffix("/chat.log") }, "\(files)")
    #expect(files.contains { $0.hasSuffix("/chat.jsonl") }, "\(files)")
    #expect(files.contains { $0.hasSuffix("/typed.chat") }, "\(files)")
    #expect(files.contains { $0.contains("/logs/") }, "\(files)")
    for file in files {
      outputs.append((file, Array(try Data(contentsOf: URL(fileURLWithPath: file)))))
    }
    #expect(
      outputs.contains { String(decoding: $0.1, as: UTF8.self).contains("logged in") },
      "the outputs hold the run")
    let needles = Self.secretForms(user: "vera", password: password)
    for (name, bytes) in outputs {
      for needle in needles {
        #expect(!Self.contains(bytes, needle), "\(name) holds a form of the password")
      }
    }
  }

  /// The password as itself and as it travels: the PLAIN response (with and without an
  /// authorisation identity) in base64, and the password alone in base64.
  static func secretForms(user: String, password: String) -> [[UInt8]] {
    let responses = ["\(user)\u{0}\(user)\u{0}\(password)", "\u{0}\(user)\u{0}\(password)"]
    return [Array(password.utf8), Array(Data(password.utf8).base64EncodedString().utf8)]
      + responses.map { Array(Data($0.utf8).base64EncodedString().utf8) }
  }

  /// Whether `needle` occurs anywhere in `haystack`, byte for byte.
  static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
    guard !needle.isEmpty, haystack.count >= needle.count else { return false }
    for start in 0...(haystack.count - needle.count)
    where haystack[start] == needle[0]
      && haystack[start..<(start + needle.count)].elementsEqual(needle)
    {
      return true
    }
    return false
  }

  /// Every regular file below `root`: chat's logs, the recording, its state and history.
  private func everyFile(under root: String) throws -> [String] {
    guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
    var files: [String] = []
    while let relative = walker.nextObject() as? String {
      let path = root + "/" + relative
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
        !isDirectory.boolValue
      {
        files.append(path)
      }
    }
    return files
  }
}
