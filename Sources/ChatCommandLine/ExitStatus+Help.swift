import ChatCore

extension ExitStatus {
  /// What the status means, in a few words, as `chat --help` lists it.
  var summary: String {
    switch self {
    case .success: "done"
    case .usage: "bad command line"
    case .dataError: "malformed scenario or recording"
    case .noInput: "a file not found or unreadable (scenario, password, CA, certificate)"
    case .unavailable: "server unavailable, or its certificate refused"
    case .systemError: "the wait for input failed"
    case .cannotCreate: "an output file cannot be created (or --record's file exists)"
    case .outputError: "output error"
    case .notDelivered: "a message failed or was never sent (with a server: piped or in line mode)"
    case .loginRefused: "the SASL login was refused (without --sasl-optional)"
    case .configuration:
      "bad configuration (networks file, password file permissions, STS store)"
    }
  }

  /// `chat --help`'s list of exit statuses: every case, then 128+N, wrapped at `width`
  /// columns; a status and the first word of its meaning stay on one line.
  static func helpParagraph(width: Int = 92) -> String {
    let items =
      allCases.map { "\($0.rawValue) \($0.summary)" } + ["\(signalBase)+N stopped by signal N"]
    var tokens: [String] = []
    for (index, item) in items.enumerated() {
      var words = item.split(separator: " ").map(String.init)
      words[0...1] = [words[0] + " " + words[1]]
      words[words.count - 1] += index == items.count - 1 ? "." : ","
      tokens += words
    }
    var lines: [String] = []
    var line = "EXIT STATUS:"
    for token in tokens {
      if line.count + 1 + token.count > width {
        lines.append(line)
        line = token
      } else {
        line += " " + token
      }
    }
    return (lines + [line]).joined(separator: "\n") + "\n"
  }
}
