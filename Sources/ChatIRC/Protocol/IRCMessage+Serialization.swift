extension IRCMessage {
  /// The message as one protocol line without its CR LF: tags escaped and sorted by key (so
  /// equal messages give equal lines), and a colon before the last parameter exactly when it
  /// needs one (it is empty, starts with `:` or holds a space).
  public var serialized: String {
    var line = ""
    if !tags.isEmpty {
      line += "@"
      for (position, key) in tags.keys.sorted().enumerated() {
        if position > 0 { line += ";" }
        line += key
        if let value = tags[key], !value.isEmpty { line += "=" + IRCTagValue.escaped(value) }
      }
      line += " "
    }
    if let source { line += ":" + source + " " }
    line += command
    for (position, parameter) in parameters.enumerated() {
      line += " "
      if position == parameters.count - 1, Self.needsColon(parameter) { line += ":" }
      line += parameter
    }
    return line
  }

  static func needsColon(_ parameter: String) -> Bool {
    parameter.isEmpty || parameter.utf8.first == UInt8(ascii: ":")
      || parameter.utf8.contains(UInt8(ascii: " "))
  }
}
