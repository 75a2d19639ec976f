extension IRCClient {
  /// `CAP … LS|ACK|NAK|NEW|DEL`: ask for what we want of what is offered, authenticate when
  /// SASL is configured, obey an `sts` policy, then `CAP END`.
  mutating func receiveCap(_ message: IRCMessage, into output: inout IRCOutput) {
    let parameters = message.parameters
    guard parameters.count >= 3 else {
      statistics.malformedLines += 1
      return
    }
    let names = parameters[parameters.count - 1].split(separator: " ").map(String.init)
    switch parameters[1].uppercased() {
    case "LS":
      guard capPhase == .listing else { return }
      offer(names)
      // `CAP * LS * :…` says more lines follow.
      if parameters.count >= 4, parameters[2] == "*" { return }
      if obeySTS(into: &output) { return }
      requestWanted(finishing: true, into: &output)
    case "ACK":
      for name in names {
        if name.hasPrefix("-") {
          capabilities.remove(String(name.dropFirst()))
        } else {
          capabilities.insert(name)
        }
      }
      output.events.append(.capabilities(capabilities))
      guard capPhase == .requesting else { return }
      if saslState == .requested {
        if capabilities.contains("sasl") {
          beginAuthentication(into: &output)
          return
        }
        guard failAuthentication("the server did not enable sasl", into: &output) else { return }
      }
      endCapabilityNegotiation()
    case "NAK":
      guard capPhase == .requesting else { return }
      if saslState == .requested {
        guard
          failAuthentication(
            "the server refused the capabilities asked for, sasl among them", into: &output)
        else { return }
      }
      endCapabilityNegotiation()
    case "NEW":
      offer(names)
      if obeySTS(into: &output) { return }
      if capPhase == .done { requestWanted(finishing: false, into: &output) }
    case "DEL":
      let removed = Set(names)
      offeredCapabilities.subtract(removed)
      if !capabilities.isDisjoint(with: removed) {
        capabilities.subtract(removed)
        output.events.append(.capabilities(capabilities))
      }
    default: break
    }
  }

  /// Notes offered capabilities and their values (`name=value`).
  private mutating func offer(_ names: [String]) {
    for token in names {
      let parts = token.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let name = String(parts[0])
      guard !name.isEmpty else { continue }
      offeredCapabilities.insert(name)
      capabilityValues[name] = parts.count > 1 ? String(parts[1]) : nil
    }
  }

  /// `CAP REQ` for the wanted capabilities offered and not yet on (and `sasl` when it is
  /// configured and usable); `CAP END` when there are none and negotiation is `finishing`.
  private mutating func requestWanted(finishing: Bool, into output: inout IRCOutput) {
    // `sts` is never requested (the spec forbids it); `sasl` only when configured, once.
    var wanted = configuration.wantedCapabilities.filter {
      offeredCapabilities.contains($0) && !capabilities.contains($0) && $0 != "sts"
        && $0 != "sasl"
    }
    if finishing, saslState == .waiting {
      if let problem = saslUnavailable() {
        guard failAuthentication(problem, into: &output) else { return }
      } else {
        saslState = .requested
        wanted.append("sasl")
      }
    }
    if !wanted.isEmpty {
      if finishing { capPhase = .requesting }
      outbox.queueUrgent(
        .control(IRCMessage(command: "CAP", parameters: ["REQ", wanted.joined(separator: " ")])))
    } else if finishing {
      endCapabilityNegotiation()
    }
  }

  mutating func endCapabilityNegotiation() {
    capPhase = .done
    outbox.queueUrgent(.control(IRCMessage(command: "CAP", parameters: ["END"])))
  }
}
