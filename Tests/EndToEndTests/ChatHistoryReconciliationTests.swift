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
  /// What chat printed when `line`, typed in `#h` through a proxy after alice's "before",
  /// lost its link while the proxy held `held`: the link is cut once `written` says the line
  /// went as far as it will, and chat reconnects. Once `settled` holds for its output (or 30
  /// s pass), alice says "after" when `waitsForAfter`, and chat's input ends. Returns its
  /// standard output and exit status.
  static func cut(
    holding held: FaultProxy.Direction, typing line: String, waitsForAfter: Bool = false,
    written: (FaultProxy, RawIRCClient) throws -> Void, settled: (String) -> Bool
  ) throws -> (output: String, status: Int32?) {
    let server = try ErgoServer.start()
    defer { server.stop() }
    let proxy = try FaultProxy(forwardingTo: server.port)
    defer { proxy.stop() }
    let home = try ScratchFolder()
    defer { home.remove() }
    let alice = try ChatHistoryTests.alice(saying: ["before"], in: "#h", on: server)
    defer { alice.close() }
    let chat = try RunningChat(
      [
        "--server", "irc://127.0.0.1:\(proxy.port)/#h", "--name", "bot", "--renderer", "jsonl",
      ],
      environment: home.environment())
    defer { chat.stop() }
    #expect(chat.waitFor { $0.contains(#""text":"before""#) }, "\(chat.stdout)")
    proxy.inject(.stall(held))
    chat.type(line)
    try written(proxy, alice)
    proxy.inject(.cut)
    proxy.inject(.resume)
    let hasSettled = chat.waitFor(within: 30) { settled($0) }
    #expect(hasSettled, "\(chat.stdout)")
    if waitsForAfter {
      try alice.send("PRIVMSG #h :after")
      #expect(chat.waitFor { $0.contains(#""text":"after""#) }, "\(chat.stdout)")
    }
    chat.closeInput()
    let status = chat.waitForExit()
    return (chat.stdout, status)
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
    let (output, status) = try Self.cut(
      holding: .toServer, typing: "never seen",
      written: { proxy, _ in
        #expect(proxy.wait { $0.bytesHeld(.toServer) > 0 }, "chat wrote the line")
      },
      settled: { $0.contains(#""type":"failed""#) })
    #expect(status == 75, "a message failed")
    let failed = Self.objects("failed", in: output)
    #expect(failed.map { $0["text"] as? String } == ["never seen"])
    let reason = failed.first?["reason"] as? String ?? ""
    #expect(reason.hasSuffix("does not have it: it did not arrive"), "\(reason)")
  }

  @Test func aLineTheServerTookIsDeliveredOnce() throws {
    let (output, status) = try Self.cut(
      holding: .toClient, typing: "taken", waitsForAfter: true,
      written: { _, alice in
        _ = try alice.waitFor("bot's line") { $0.command == "PRIVMSG" && $0.nick == "bot" }
      },
      settled: { output in
        Self.objects("message", in: output).contains { $0["text"] as? String == "taken" }
      })
    #expect(status == 0)
    #expect(Self.objects("failed", in: output).isEmpty, "\(output)")
    let taken = Self.objects("message", in: output).filter { $0["text"] as? String == "taken" }
    #expect(taken.count == 1, "shown once: \(output)")
    #expect(taken.first?["own"] as? Bool == true)
  }

  /// A private line the server took, whose echo the cut lost: the private history the new
  /// connection is shown may not hold it (Ergo keeps a client's private history with the
  /// client unless its account is always on), so the verdict is delivered or "may or may
  /// not", never a false "did not arrive" that would invite a duplicate `/retry`.
  @Test func aPrivateLineTheServerTookIsNeverSaidNotToHaveArrived() throws {
    let (output, _) = try Self.cut(
      holding: .toClient, typing: "/msg alice psst",
      written: { _, alice in
        _ = try alice.waitFor("bot's private line") {
          $0.command == "PRIVMSG" && $0.nick == "bot"
        }
      },
      settled: { output in
        Self.objects("message", in: output).contains { $0["text"] as? String == "psst" }
          || output.contains(#""type":"failed""#)
      })
    for failed in Self.objects("failed", in: output) {
      let reason = failed["reason"] as? String ?? ""
      #expect(!reason.contains("did not arrive"), "\(reason)")
    }
  }
}
