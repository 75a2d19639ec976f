/// SASL as configured: the mechanism, and whether registering without it is allowed.
public struct IRCSASL: Hashable, Sendable {
  /// How to authenticate.
  public var mechanism: IRCSASLMechanism
  /// Whether a failed or impossible authentication ends the connection (the default) rather
  /// than registering without an account.
  public var isRequired: Bool

  /// SASL with `mechanism`; required unless `isRequired` is false.
  public init(_ mechanism: IRCSASLMechanism, isRequired: Bool = true) {
    self.mechanism = mechanism
    self.isRequired = isRequired
  }
}
