extension IRCClient {
  /// Acts on an offered `sts` value (CAP LS or NEW). Plaintext with a `port`: asks for a
  /// reconnection over TLS and closes, true. Verified TLS with a `duration`: reports the
  /// policy to keep (or remove). Anything else, or no `sts`: nothing, false.
  mutating func obeySTS(into output: inout IRCOutput) -> Bool {
    guard let value = registration.stsValue else { return false }
    switch configuration.endpoint?.security ?? .plaintext {
    case .plaintext:
      // Without a port the spec says to go on as if there were no policy.
      guard let port = value.port else { return false }
      output.events.append(.stsUpgradeRequired(port: port))
      disconnect(
        reason: "the server requires TLS (sts): reconnect over TLS on port \(port)",
        into: &output)
      return true
    case .tls:
      guard let endpoint = configuration.endpoint, let duration = value.durationSeconds else {
        return false
      }
      if duration == 0 {
        output.events.append(.stsPolicyRemoved(host: endpoint.host))
      } else {
        output.events.append(
          .stsPolicyUpdated(
            IRCSTSPolicy(
              host: endpoint.host, port: endpoint.port, durationSeconds: duration,
              preload: value.preload)))
      }
      return false
    case .unverifiedTLS:
      return false
    }
  }
}
