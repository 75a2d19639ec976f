import ChatTransport
import Testing

@Suite(.timeLimit(.minutes(10)))
struct TransportErrorTests {
  static let irc = Endpoint(host: "irc.example.net", port: 6697)

  @Test(arguments: [
    (
      TransportError.unresolvable(irc, reason: "Name or service not known"),
      "cannot resolve irc.example.net (for irc.example.net:6697): Name or service not known"
    ),
    (.refused(Endpoint(host: "::1", port: 6667)), "connection to [::1]:6667 refused"),
    (.timedOut(irc), "connection to irc.example.net:6697 timed out"),
    (
      .unreachable(irc, reason: "Network is unreachable"),
      "irc.example.net:6697 is unreachable: Network is unreachable"
    ),
    (
      .connectionLost(irc, reason: "Connection reset by peer"),
      "connection to irc.example.net:6697 lost: Connection reset by peer"
    ),
    (
      .closedDuringHandshake(irc),
      "irc.example.net:6697 closed the connection during the TLS handshake"
    ),
    (
      .certificateRejected(irc, .untrustedIssuer),
      "TLS certificate of irc.example.net:6697 refused: untrusted issuer"
    ),
    (
      .certificateRejected(irc, .wrongName),
      "TLS certificate of irc.example.net:6697 refused: not valid for this name"
    ),
    (
      .certificateRejected(irc, .other("certificate revoked")),
      "TLS certificate of irc.example.net:6697 refused: certificate revoked"
    ),
    (
      .protocolTooOld(irc),
      "TLS handshake with irc.example.net:6697 failed: the server offers no TLS 1.2 or later"
    ),
    (
      .unusableCAFile(path: "/etc/ca.pem", reason: "No such file or directory"),
      "cannot use the CA file /etc/ca.pem: No such file or directory"
    ),
  ])
  func anErrorNamesWhereAndWhy(error: TransportError, text: String) {
    #expect(error.description == text)
  }
}
