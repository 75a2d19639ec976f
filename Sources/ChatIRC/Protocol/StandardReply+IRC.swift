import ChatCore

extension StandardReply {
  /// Reads `<command> <code> [context…] :description`, the parameters of a `FAIL`, `WARN`
  /// or `NOTE` line (`severity` says which); nil when the command, the code or the
  /// description is missing (a malformed line).
  init?(_ message: IRCMessage, severity: Severity) {
    let parameters = message.parameters
    guard parameters.count >= 3 else { return nil }
    self.init(
      severity: severity, command: parameters[0], code: parameters[1],
      context: Array(parameters[2..<(parameters.count - 1)]),
      text: parameters[parameters.count - 1])
  }
}
