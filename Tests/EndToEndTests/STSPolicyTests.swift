import ChatCore
import Foundation
import IRCTestRequirements
import Testing

@testable import ChatCommandLine

/// The `sts` capability value and the store of policies learnt over TLS.
@Suite(.ownThread, .timeLimit(.minutes(10))) struct STSPolicyTests {
  static let now = Timestamp(millisecondsSinceEpoch: 1_800_000_000_000)

  @Test(arguments: [
    (
      "port=6697,duration=2592000,preload",
      STSPolicy(port: 6697, duration: 2_592_000, preload: true)
    ),
    ("port=6697", STSPolicy(port: 6697)),
    ("duration=0", STSPolicy(duration: 0)),
    ("duration=300,future=thing,x", STSPolicy(duration: 300)),
    ("", STSPolicy()),
  ])
  func aCapabilityValueIsRead(value: String, policy: STSPolicy) {
    #expect(STSPolicy(parsing: value) == policy)
  }

  @Test(arguments: [
    "port=0", "port=65536", "port=", "port", "port=+1", "duration=-5", "duration=1.5",
    "duration", "port=6697,port=6698", "duration=1,duration=1",
  ])
  func aMalformedKnownKeyVoidsThePolicy(value: String) {
    #expect(STSPolicy(parsing: value) == nil)
  }

  @Test func theActionDependsOnTheConnection() {
    let policy = STSPolicy(port: 6697, duration: 60)
    #expect(policy.action(overTLS: false) == .upgrade(port: 6697))
    #expect(policy.action(overTLS: true) == .persist(durationSeconds: 60))
    #expect(STSPolicy(duration: 60).action(overTLS: false) == nil)
    #expect(STSPolicy(port: 6697).action(overTLS: true) == nil)
  }

  @Test func aRecordedPolicyUpgradesPlaintextUntilItExpires() throws {
    var store = STSPolicyStore()
    store.record(
      STSPolicy(port: 1, duration: 60), host: "IRC.Example.NET", port: 6900, at: Self.now)
    let plain = try ServerAddress(parsing: "irc://irc.example.net/#chat")
    let upgraded = try #require(store.upgrade(plain, at: Self.now))
    // The port is the one the TLS connection was on, not the advertised upgrade port.
    #expect(
      upgraded
        == ServerAddress(host: "irc.example.net", port: 6900, usesTLS: true, channels: ["#chat"]))
    #expect(store.upgrade(plain, at: Self.now.advanced(byMilliseconds: 59_999)) != nil)
    #expect(store.upgrade(plain, at: Self.now.advanced(byMilliseconds: 60_000)) == nil)
    #expect(store.upgrade(try ServerAddress(parsing: "irc://other.net"), at: Self.now) == nil)
    #expect(
      store.upgrade(try ServerAddress(parsing: "ircs://irc.example.net:7000"), at: Self.now) == nil)
  }

  @Test func durationZeroRemovesAndNoDurationKeeps() {
    var store = STSPolicyStore()
    store.record(STSPolicy(duration: 60), host: "h", port: 6697, at: Self.now)
    store.record(STSPolicy(port: 6697), host: "h", port: 6697, at: Self.now)
    #expect(store.entries["h"] != nil)
    store.record(STSPolicy(duration: 0), host: "H", port: 6697, at: Self.now)
    #expect(store.entries.isEmpty)
  }

  @Test func reschedulingAndExpiring() {
    var store = STSPolicyStore()
    store.record(STSPolicy(duration: 10), host: "a", port: 6697, at: Self.now)
    store.record(STSPolicy(duration: 1000), host: "b", port: 6697, at: Self.now)
    let later = Self.now.advanced(byMilliseconds: 20_000)
    store.reschedule(host: "a", at: later)
    #expect(store.entries["a"]?.expiry == later.advanced(byMilliseconds: 10_000))
    store.expire(at: later.advanced(byMilliseconds: 10_000))
    #expect(Array(store.entries.keys) == ["b"])
    store.record(STSPolicy(duration: Int64.max), host: "c", port: 6697, at: Self.now)
    #expect(store.entries["c"]?.expiry.millisecondsSinceEpoch == Int64.max)
    store.remove(host: "C")
    #expect(store.entries["c"] == nil)
  }

  @Test func theStoreIsSavedAtomicallyPrivatelyAndReadBack() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let path = try #require(STSPolicyStore.defaultPath(environment: folder.environment()))
    #expect(try STSPolicyStore.load(path: path) == STSPolicyStore())
    var store = STSPolicyStore()
    store.record(STSPolicy(duration: 2_592_000), host: "irc.example.net", port: 6697, at: Self.now)
    store.record(STSPolicy(duration: 60), host: "::1", port: 7000, at: Self.now)
    try store.save(to: path)
    #expect(try STSPolicyStore.load(path: path) == store)
    #expect(try folder.mode(of: "state/chat/sts") == 0o600)
    #expect(try folder.mode(of: "state/chat") == 0o700)
    #expect(try folder.mode(of: "state") == 0o700)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.hasSuffix("::1 7000 1800000060 60\nirc.example.net 6697 1802592000 2592000\n"))
    // Saving again replaces the file whole and leaves no temporary file behind.
    store.remove(host: "::1")
    try store.save(to: path)
    #expect(try STSPolicyStore.load(path: path) == store)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path + "/state/chat") == ["sts"])
  }

  @Test(arguments: [
    ("h 6697 1800000000\n", 1), ("# c\nh 0 1 1\n", 2), ("h 6697 x 1\n", 1), ("h 6697 1 0\n", 1),
    ("\nh 6697 1 1 extra\n", 2),
  ])
  func aDamagedStoreIsAnErrorNamingTheLine(text: String, line: Int) throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let path = try folder.write(text, to: "sts")
    #expect(throws: STSPolicyStoreError.malformed(path: path, line: line)) {
      try STSPolicyStore.load(path: path)
    }
    #expect(STSPolicyStoreError.malformed(path: path, line: line).exitStatus == 78)
  }

  @Test func anUnwritableDirectoryIsReported() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    try folder.write("", to: "file")
    let error = try #require(throws: STSPolicyStoreError.self) {
      try STSPolicyStore().save(to: folder.path + "/file/sts")
    }
    #expect(
      error.description.hasPrefix("cannot save the STS policies to '\(folder.path)/file/sts'"))
  }
}
