import ChatIRC
import ChatProfile
import Foundation
import IRCTestRequirements
import Testing

@testable import ChatCommandLine

/// The SASL password: where it is read from, which files are refused, and that no description
/// of the credentials or of any error ever shows it.
@Suite(.ownThread, .timeLimit(.minutes(10))) struct SASLCredentialsTests {
  static let password = "correct horse battery staple"

  @Test(arguments: [
    ("\(password)\n", password), ("\(password)\r\n", password), (password, password),
    (" spaced \n", " spaced "), ("tab\tinside\n", "tab\tinside"),
  ])
  func aPasswordFileLosesOneTrailingNewline(contents: String, password: String) throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let path = try folder.write(contents, to: "pass", mode: 0o600)
    let credentials = try SASLCredentials.fromFile(user: "alice", path: path)
    #expect(bytes(credentials) == Array(password.utf8))
    #expect(credentials.mechanism == .plain && credentials.passwordSource == .file(path))
  }

  @Test(arguments: [0o640, 0o604, 0o644, 0o660, 0o602, 0o610, 0o601])
  func aPasswordFileOthersCanAccessIsRefusedNamingItAndItsMode(mode: Int) throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let path = try folder.write(Self.password, to: "pass", mode: mode)
    #expect(throws: CredentialsError.tooOpen(path: path, mode: UInt32(mode))) {
      try SASLCredentials.fromFile(user: "alice", path: path)
    }
    let error = CredentialsError.tooOpen(path: path, mode: UInt32(mode))
    #expect(error.description.contains("'\(path)'"))
    #expect(error.description.contains("mode 0\(String(mode, radix: 8))"))
    #expect(error.description.contains("chmod 600"))
    #expect(error.exitStatus == .configuration)
  }

  @Test(arguments: [0o600, 0o400, 0o700])
  func aPasswordFileOnlyTheOwnerCanAccessIsRead(mode: Int) throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let path = try folder.write(Self.password, to: "pass", mode: mode)
    #expect(
      bytes(try SASLCredentials.fromFile(user: "alice", path: path)) == Array(Self.password.utf8))
  }

  @Test(arguments: [
    ("", CredentialsError.empty(.file("$"))), ("\n", .empty(.file("$"))),
    ("a\nb\n", .multipleLines(.file("$"))), ("a\n\n", .multipleLines(.file("$"))),
    ("a\u{0}b", .containsNUL(.file("$"))),
    (String(repeating: "x", count: 4097), .tooLong(.file("$"))),
  ])
  func aBadPasswordFileIsRefused(contents: String, error: CredentialsError) throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let path = try folder.write(contents, to: "pass")
    let expected: CredentialsError =
      switch error {
      case .empty: .empty(.file(path))
      case .multipleLines: .multipleLines(.file(path))
      case .containsNUL: .containsNUL(.file(path))
      default: .tooLong(.file(path))
      }
    #expect(throws: expected) { try SASLCredentials.fromFile(user: "a", path: path) }
  }

  @Test func theLongestPasswordIsRead() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let long = String(repeating: "x", count: SASLCredentials.maximumPasswordLength)
    let path = try folder.write(long + "\n", to: "pass")
    #expect(bytes(try SASLCredentials.fromFile(user: "a", path: path)).count == long.utf8.count)
  }

  @Test func aMissingDirectoryOrFIFOPasswordFileIsRefused() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    #expect(
      throws: CredentialsError.cannotRead(
        path: folder.path + "/none", reason: "no such file or directory")
    ) {
      try SASLCredentials.fromFile(user: "a", path: folder.path + "/none")
    }
    #expect(throws: CredentialsError.notAFile(path: folder.path)) {
      try SASLCredentials.fromFile(user: "a", path: folder.path)
    }
    let fifo = folder.path + "/fifo"
    #expect(mkfifo(fifo, 0o600) == 0)
    // Opening a FIFO with no writer would block without O_NONBLOCK: this returns at once.
    #expect(throws: CredentialsError.notAFile(path: fifo)) {
      try SASLCredentials.fromFile(user: "a", path: fifo)
    }
  }

  @Test func theEnvironmentPasswordIsTakenAsItIs() throws {
    let credentials = try SASLCredentials.fromEnvironment(user: "bob", value: Self.password)
    #expect(credentials.passwordSource == .environment)
    // A variable has no line to end: a newline in it is part of the value, and refused.
    #expect(throws: CredentialsError.multipleLines(.environment)) {
      _ = try SASLCredentials.fromEnvironment(user: "bob", value: Self.password + "\n")
    }
    #expect(throws: CredentialsError.empty(.environment)) {
      try SASLCredentials.fromEnvironment(user: "bob", value: "")
    }
    #expect(
      bytes(try .fromEnvironment(user: "bob", value: Self.password)) == Array(Self.password.utf8))
  }

  @Test func noDescriptionOfTheCredentialsShowsThePassword() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let path = try folder.write(Self.password + "\n", to: "pass")
    let fromFile = try SASLCredentials.fromFile(user: "alice", path: path)
    let fromEnvironment = try SASLCredentials.fromEnvironment(user: "alice", value: Self.password)
    var configuration = ConnectionProfile(
      server: ServerAddress(host: "h", port: 6697, usesTLS: true), nick: "alice")
    configuration.sasl = ConnectionProfile.SASL(
      .plain(user: "alice"), password: IRCSecret(Self.password))
    for credentials in [fromFile, fromEnvironment] {
      var dumped = ""
      dump(credentials, to: &dumped)
      var dumpedConfiguration = ""
      dump(configuration, to: &dumpedConfiguration)
      let texts = [
        String(describing: credentials), String(reflecting: credentials), "\(credentials)",
        dumped, dumpedConfiguration, String(describing: configuration),
        String(reflecting: configuration), "\(Optional(credentials) as Any)",
        "\([credentials])",
      ]
      for text in texts {
        #expect(!text.contains(Self.password), "\(text)")
        #expect(!text.contains("horse"), "\(text)")
      }
      #expect(String(describing: credentials).contains("alice"))
      #expect(String(describing: credentials).contains("<hidden>"))
    }
  }

  @Test func credentialsCompareByTheirBytes() throws {
    let one = try SASLCredentials.fromEnvironment(user: "a", value: "secret-1")
    #expect(one == (try .fromEnvironment(user: "a", value: "secret-1")))
    #expect(one != (try .fromEnvironment(user: "a", value: "secret-2")))
    #expect(one != (try .fromEnvironment(user: "b", value: "secret-1")))
    #expect(one != SASLCredentials(externalUser: "a"))
    #expect(SASLCredentials(externalUser: "a").mechanism == .external)
  }

  @Test func noCredentialsErrorShowsThePassword() {
    let errors: [CredentialsError] = [
      .cannotRead(path: "/p", reason: "permission denied"), .empty(.environment),
      .containsNUL(.file("/p")), .multipleLines(.environment), .notAFile(path: "/p"),
      .tooOpen(path: "/p", mode: 0o644), .tooLong(.environment),
    ]
    for error in errors {
      #expect(!error.description.contains(Self.password))
      #expect(error.description.contains("/p") || error.description.contains("CHAT_SASL_PASSWORD"))
    }
  }

  private func bytes(_ credentials: SASLCredentials) -> [UInt8] {
    credentials.withPasswordBytes { $0.map(Array.init) ?? [] }
  }
}
