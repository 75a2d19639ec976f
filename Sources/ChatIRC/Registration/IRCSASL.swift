/// SASL as configured: the mechanism, and whether registering without it is allowed.
public struct IRCSASL: Hashable, Sendable {
  /// How to authenticate.
  public var mechanism: IRCSASLMechanism
  /// Whether a failed or impossible authentication ends the connection (the default) rather
  /// than registering without an account.
  public var isRequired: Bool
  /// Whether the server must prove itself: SCRAM's nonce and server signature are checked.
  /// False only in a replay of a recording, which holds neither the password nor the nonce
  /// the live run used, and follows what the server answered then (the live run checked).
  public var verifiesServer: Bool

  /// SASL with `mechanism`; required unless `isRequired` is false.
  public init(_ mechanism: IRCSASLMechanism, isRequired: Bool = true, verifiesServer: Bool = true) {
    self.mechanism = mechanism
    self.isRequired = isRequired
    self.verifiesServer = verifiesServer
  }
}
