import ChatCrypto
import Foundation
import IRCTestSupport

/// The server's side of SCRAM-SHA-256 (RFC 5802, RFC 7677), written for the tests and played
/// over a `ScriptedServer`'s connection: it offers `sasl=PLAIN,SCRAM-SHA-256`, checks the
/// client's proof against the password it was given, and answers with its own signature, or
/// with whatever `fault` says a misbehaving server sends instead.
struct SCRAMResponder {
  /// How the server misbehaves, if it does.
  enum Fault: Sendable {
    case none
    /// The final message carries a signature made from another password.
    case badSignature
    /// The server's nonce does not begin with the client's.
    case wrongNonce
    /// Fewer iterations than RFC 7677 allows.
    case iterations(Int)
  }

  static let crypto = OpenSSLSASLCrypto()
  let account: String
  let password: String
  var fault = Fault.none
  var salt: [UInt8] = Array("chat-test-salt".utf8)

  /// What the exchange ended with, for the test to check.
  struct Outcome: Sendable {
    var clientProofValid: Bool
    var clientFirst: String
  }

  /// Plays registration with SCRAM to the client on `connection`, then `001` once it ends
  /// capability negotiation. Returns how the exchange went; throws when the client stops
  /// answering (as it must after refusing the server).
  func play(on connection: ScriptedConnection) throws -> Outcome {
    let server = ScriptedConnection.serverName
    try connection.waitForLine("CAP LS") { $0.command == "CAP" && $0.parameters.first == "LS" }
    try connection.send(":\(server) CAP * LS :sasl=PLAIN,SCRAM-SHA-256")
    try connection.waitForLine("CAP REQ") { $0.command == "CAP" && $0.parameters.first == "REQ" }
    try connection.send(":\(server) CAP * ACK :sasl")
    try connection.waitForLine("AUTHENTICATE SCRAM-SHA-256") {
      $0.command == "AUTHENTICATE" && $0.parameters.first == "SCRAM-SHA-256"
    }
    try connection.send("AUTHENTICATE +")
    let first = try Self.decoded(authenticate(number: 2, "the client's first message", connection))
    guard first.hasPrefix("n,,"), let nonceStart = first.range(of: ",r=") else {
      return Outcome(clientProofValid: false, clientFirst: first)
    }
    let clientFirstBare = String(first.dropFirst(3))
    let clientNonce = String(first[nonceStart.upperBound...])
    let nonce: String
    switch fault {
    case .wrongNonce: nonce = "X" + clientNonce.dropFirst() + "server-part"
    case .none, .badSignature, .iterations: nonce = clientNonce + "server-part"
    }
    var iterations = 4096
    if case .iterations(let count) = fault { iterations = count }
    let serverFirst = "r=\(nonce),s=\(Data(salt).base64EncodedString()),i=\(iterations)"
    try connection.send("AUTHENTICATE " + Data(serverFirst.utf8).base64EncodedString())
    let final = try Self.decoded(authenticate(number: 3, "the client's final message", connection))
    guard let proofRange = final.range(of: ",p=") else {
      return Outcome(clientProofValid: false, clientFirst: first)
    }
    let withoutProof = String(final[..<proofRange.lowerBound])
    let proof = [UInt8](Data(base64Encoded: String(final[proofRange.upperBound...])) ?? Data())
    let authMessage = Array("\(clientFirstBare),\(serverFirst),\(withoutProof)".utf8)
    let crypto = Self.crypto
    func keys(_ password: String) -> (stored: [UInt8], server: [UInt8]) {
      let salted = crypto.pbkdf2SHA256(
        password: Array(password.utf8), salt: salt, iterations: iterations)
      let clientKey = crypto.hmacSHA256(key: salted, Array("Client Key".utf8))
      return (crypto.sha256(clientKey), crypto.hmacSHA256(key: salted, Array("Server Key".utf8)))
    }
    let right = keys(password)
    let clientSignature = crypto.hmacSHA256(key: right.stored, authMessage)
    let clientKey = zip(proof, clientSignature).map { $0 ^ $1 }
    let valid = proof.count == 32 && crypto.sha256(clientKey) == right.stored
    let serverKey: [UInt8]
    switch fault {
    case .badSignature: serverKey = keys(password + "-not").server
    case .none, .wrongNonce, .iterations: serverKey = right.server
    }
    let signature = crypto.hmacSHA256(key: serverKey, authMessage)
    let serverFinal = valid ? "v=\(Data(signature).base64EncodedString())" : "e=invalid-proof"
    try connection.send("AUTHENTICATE " + Data(serverFinal.utf8).base64EncodedString())
    _ = try authenticate(number: 4, "the client's empty answer", connection)
    guard valid else {
      try connection.send(":\(server) 904 \(connection.nick) :SASL authentication failed")
      return Outcome(clientProofValid: false, clientFirst: first)
    }
    try connection.send(
      ":\(server) 900 \(connection.nick) \(connection.nick)!u@127.0.0.1 \(account)"
        + " :You are now logged in as \(account)")
    try connection.send(":\(server) 903 \(connection.nick) :SASL authentication successful")
    try connection.waitForLine("CAP END") { $0.command == "CAP" && $0.parameters.first == "END" }
    try connection.send(":\(server) 001 \(connection.nick) :Welcome \(connection.nick)")
    return Outcome(clientProofValid: true, clientFirst: first)
  }

  /// The client's `number`th `AUTHENTICATE` line (the first names the mechanism), once sent.
  private func authenticate(number: Int, _ what: String, _ connection: ScriptedConnection)
    throws -> IRCLine
  {
    var seen = 0
    return try connection.waitForLine(what) { line in
      guard line.command == "AUTHENTICATE" else { return false }
      seen += 1
      return seen == number
    }
  }

  private static func decoded(_ line: IRCLine) -> String {
    let text = line.parameters.first ?? ""
    return String(decoding: Data(base64Encoded: text) ?? Data(), as: UTF8.self)
  }
}
