import Testing

@testable import ChatProfile

/// What the profile says of itself: the TLS options a plaintext server leaves waiting for an
/// STS upgrade, and whether the certificate goes unverified.
@Suite(.timeLimit(.minutes(10))) struct ConnectionProfileTests {
  static let plaintext = ServerAddress(host: "h", port: 6667, usesTLS: false, channels: ["#a"])

  @Test func theURLsChannelsAreJoinedUnlessOthersAreGiven() {
    #expect(ConnectionProfile(server: Self.plaintext, nick: "n").channels == ["#a"])
    #expect(ConnectionProfile(server: Self.plaintext, nick: "n", channels: []).channels == [])
  }

  @Test func tlsOptionsWaitForAnUpgradeOnlyOnAPlaintextServer() {
    var profile = ConnectionProfile(server: Self.plaintext, nick: "n")
    #expect(profile.tlsOptionsAwaitingUpgrade.isEmpty)
    profile.tlsCertificate = ConnectionProfile.TLSFile(option: "tls-cert", path: "/c.pem")
    profile.tlsCA = ConnectionProfile.TLSFile(option: "--tls-ca", path: nil)
    // CA first, each named as the user gave it.
    #expect(profile.tlsOptionsAwaitingUpgrade == ["--tls-ca", "tls-cert"])
    profile.server.usesTLS = true
    #expect(profile.tlsOptionsAwaitingUpgrade.isEmpty)
  }

  @Test func onlyATLSServerCanGoUnverified() {
    var profile = ConnectionProfile(server: Self.plaintext, nick: "n")
    profile.tlsInsecure = true
    #expect(!profile.isTLSUnverified)
    profile.server.usesTLS = true
    #expect(profile.isTLSUnverified)
  }
}
