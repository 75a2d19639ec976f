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
      guard registration.capPhase == .listing else { return }
      registration.offer(names)
      // `CAP * LS * :…` says more lines follow.
      if parameters.count >= 4, parameters[2] == "*" { return }
      if obeySTS(into: &output) { return }
      requestWanted(finishing: true, into: &output)
    case "ACK":
      let before = registration.capabilities
      registration.acknowledge(names)
      output.events.append(.capabilities(registration.capabilities))
      reportChange(from: before, into: &output)
      guard registration.capPhase == .requesting else { return }
      if registration.saslState == .requested {
        if registration.capabilities.contains("sasl") {
          beginAuthentication(into: &output)
          return
        }
        guard failAuthentication("the server did not enable sasl", into: &output) else { return }
      }
      endCapabilityNegotiation()
    case "NAK":
      guard registration.capPhase == .requesting else { return }
      if registration.saslState == .requested {
        guard
          failAuthentication(
            "the server refused the capabilities asked for, sasl among them", into: &output)
        else { return }
      }
      endCapabilityNegotiation()
    case "NEW":
      registration.offer(names)
      if obeySTS(into: &output) { return }
      if registration.capPhase == .done { requestWanted(finishing: false, into: &output) }
    case "DEL":
      let before = registration.capabilities
      if registration.withdraw(names) {
        output.events.append(.capabilities(registration.capabilities))
        reportChange(from: before, into: &output)
      }
    default: break
    }
  }

  /// After registration (`cap-notify`), says which capabilities went on and off since
  /// `before`, when any did.
  private func reportChange(from before: Set<String>, into output: inout IRCOutput) {
    guard phase == .registered else { return }
    let after = registration.capabilities
    let on = after.subtracting(before).sorted()
    let off = before.subtracting(after).sorted()
    guard !on.isEmpty || !off.isEmpty else { return }
    output.events.append(.capabilitiesChanged(on: on, off: off))
  }

  /// `CAP REQ` for the wanted capabilities offered and not yet on (and `sasl` when it is
  /// configured and usable); `CAP END` when there are none and negotiation is `finishing`.
  private mutating func requestWanted(finishing: Bool, into output: inout IRCOutput) {
    // `sasl` only when configured, once.
    var wanted = registration.requestable(configuration.wantedCapabilities)
    if finishing, registration.saslState == .waiting {
      if let problem = saslUnavailable() {
        guard failAuthentication(problem, into: &output) else { return }
      } else {
        registration.saslState = .requested
        wanted.append("sasl")
      }
    }
    if !wanted.isEmpty {
      if finishing { registration.capPhase = .requesting }
      delivery.outbox.queueUrgent(
        .control(IRCMessage(command: "CAP", parameters: ["REQ", wanted.joined(separator: " ")])))
    } else if finishing {
      endCapabilityNegotiation()
    }
  }

  mutating func endCapabilityNegotiation() {
    registration.capPhase = .done
    delivery.outbox.queueUrgent(.control(IRCMessage(command: "CAP", parameters: ["END"])))
  }
}
