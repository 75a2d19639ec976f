import Foundation
import IRCTestRequirements
import IRCTestSupport
import Testing

/// A message whose confirmation a lost link took gets an exact verdict on Ergo, through the
/// built binary: after reconnecting, the history chat fetches reaches back before it, so it is
/// delivered when the server took it and "did not arrive" when the server never saw it, never
/// "may or may not". A proxy holds the one direction that makes each case: chat's line
/// (it never reaches the server), or the server's echo (it reached the server, chat never
/// heard).
@Suite(.ownThread, .serialized, .requires(.ergo), .timeLimit(.minutes(10)))
struct ChatHistoryReconciliationTests {
  /// chat (`bot`) in `#h` through a proxy, having seen alice's "before".
  static func start(
    _ server: ErgoServer, _ proxy: FaultProxy, _ home: ScratchFolder
  ) throws -> (RunningChat, RawIRCClient) {
    let alice = try ChatHistoryTests.alice(saying: ["before"], in: "#h", on: server)
    let chat = try RunningChat(
      [
        "--server", "irc://127.0.0.1:\(proxy.port)/#h", "--name", "bot", "--renderer", "jsonl",
      ],
      environment: home.environment())
    #expect(chat.waitFor { $0.contains(#""text":"before""#) }, "\(chat.stdout)")
    return (chat, alice)
  }

  /// The JSON objects of type `type` in `output`.
  static func objects(_ type: String, in output: String) -> [[String: Any]] {
    output.split(separator: "\n").compactMap { line in
      guard
        let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
        object["type"] as? String == type
      else { return nil }
      return object
    }
  }

  @Test func aLineTheServerNeverSawDidNotArrive() throws {
    let server = try ErgoServer.start()
    defer { server.stop() }
    let proxy = try FaultProxy(forwardingTo: server.port)
    defer { proxy.stop() }
    let home = try ScratchFolder()
    defer { home.remove() }
    let (chat, alice) = try Self.start(server, proxy, home)
    defer { chat.stop() }
    defer { alice.close() }

    proxy.inject(.stall(.toServer))
    chat.type("never seen")
    #expect(proxy.wait { $0.bytesHeld(.toServer) > 0 }, "chat wrote the line")
    proxy.inject(.cut)
    proxy.inject(.resume)
    #expect(
      chat.waitFor(within: 30) { $0.contains(#""type":"failed""#) }, "\(chat.stdout)")
    chat.closeInput()
    #expect(chat.waitForExit() == 75, "a message failed: \(chat.stderr)")
    let failed = Self.objects("failed", in: chat.stdout)
    #expect(failed.map { $0["text"] as? String } == ["never seen"])
    let reason = failed.first?["reason"] as? String ?? ""
    #expect(reason.hasSuffix("does not have it: it did not arrive"), "\(reason)")
  }

  @Test func aLineTheServerTookIsDeliveredOnce() throws {
    let server = try ErgoServer.start()
    defer { server.stop() }
    let proxy = try FaultProxy(forwardingTo: server.port)
    defer { proxy.stop() }
    let home = try ScratchFolder()
    defer { home.remove() }
    let (chat, alice) = try Self.start(server, proxy, home)
    defer { chat.stop() }
    defer { alice.close() }

    proxy.inject(.stall(.toClient))
    chat.type("taken")
    _ = try alice.waitFor("bot's line") { $0.command == "PRIVMSG" && $0.nick == "bot" }
    proxy.inject(.cut)
    proxy.inject(.resume)
    #expect(
      chat.waitFor(within: 30) { output in
        Self.objects("message", in: output).contains { $0["text"] as? String == "taken" }
      }, "\(chat.stdout)")
    try alice.send("PRIVMSG #h :after")
    #expect(chat.waitFor { $0.contains(#""text":"after""#) }, "\(chat.stdout)")
    chat.closeInput()
    #expect(chat.waitForExit() == 0, "\(chat.stderr)")
    #expect(Self.objects("failed", in: chat.stdout).isEmpty, "\(chat.stdout)")
    let taken = Self.objects("message", in: chat.stdout).filter {
      $0["text"] as? String == "taken"
    }
    #expect(taken.count == 1, "shown once: \(chat.stdout)")
    #expect(taken.first?["own"] as? Bool == true)
  }

  /// A private line the server took, whose echo the cut lost: the private history the new
  /// connection is shown may not hold it (Ergo keeps a client's private history with the
  /// client unless its account is always on), so the verdict is delivered or "may or may
  /// not", never a false "did not arrive" that would invite a duplicate `/retry`.
  @Test func aPrivateLineTheServerTookIsNeverSaidNotToHaveArrived() throws {
    let server = try ErgoServer.start()
    defer { server.stop() }
    let proxy = try FaultProxy(forwardingTo: server.port)
    defer { proxy.stop() }
    let home = try ScratchFolder()
    defer { home.remove() }
    let (chat, alice) = try Self.start(server, proxy, home)
    defer { chat.stop() }
    defer { alice.close() }

    proxy.inject(.stall(.toClient))
    chat.type("/msg alice psst")
    _ = try alice.waitFor("bot's private line") { $0.command == "PRIVMSG" && $0.nick == "bot" }
    proxy.inject(.cut)
    proxy.inject(.resume)
    #expect(
      chat.waitFor(within: 30) { output in
        Self.objects("message", in: output).contains { $0["text"] as? String == "psst" }
          || output.contains(#""type":"failed""#)
      }, "\(chat.stdout)")
    chat.closeInput()
    _ = chat.waitForExit()
    for failed in Self.objects("failed", in: chat.stdout) {
      let reason = failed["reason"] as? String ?? ""
      #expect(!reason.contains("did not arrive"), "\(reason)")
    }
  }
}
