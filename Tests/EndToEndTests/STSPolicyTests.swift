import ChatCore
import ChatProfile
import Foundation
import IRCTestRequirements
import Testing

@testable import ChatCommandLine

/// The store of policies learnt over TLS (the `sts` value itself: ChatIRCTests' `IRCSTSPolicyTests`).
@Suite(.ownThread, .timeLimit(.minutes(10))) struct STSPolicyTests {
  static let now = Timestamp(millisecondsSinceEpoch: 1_800_000_000_000)

  @Test func aRecordedPolicyUpgradesPlaintextUntilItExpires() throws {
    var store = STSPolicyStore()
    store.record(durationSeconds: 60, host: "IRC.Example.NET", port: 6900, at: Self.now)
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

  @Test func durationZeroRemoves() {
    var store = STSPolicyStore()
    store.record(durationSeconds: 60, host: "h", port: 6697, at: Self.now)
    #expect(store.entries["h"] != nil)
    store.record(durationSeconds: 0, host: "H", port: 6697, at: Self.now)
    #expect(store.entries.isEmpty)
  }

  @Test func reschedulingAndExpiring() {
    var store = STSPolicyStore()
    store.record(durationSeconds: 10, host: "a", port: 6697, at: Self.now)
    store.record(durationSeconds: 1000, host: "b", port: 6697, at: Self.now)
    let later = Self.now.advanced(byMilliseconds: 20_000)
    store.reschedule(host: "a", at: later)
    #expect(store.entries["a"]?.expiry == later.advanced(byMilliseconds: 10_000))
    store.expire(at: later.advanced(byMilliseconds: 10_000))
    #expect(Array(store.entries.keys) == ["b"])
    store.record(durationSeconds: Int64.max, host: "c", port: 6697, at: Self.now)
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
    store.record(durationSeconds: 2_592_000, host: "irc.example.net", port: 6697, at: Self.now)
    store.record(durationSeconds: 60, host: "::1", port: 7000, at: Self.now)
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
    #expect(STSPolicyStoreError.malformed(path: path, line: line).exitStatus == .configuration)
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
