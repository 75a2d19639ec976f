extension IRCClient {
  /// Says a line was thrown away, at most once a second: a flood of bad lines is counted
  /// into the next notice, not given one each.
  mutating func ignored(_ reason: String, into output: inout IRCOutput) {
    if let last = lastIgnoredNotice, last.milliseconds(to: now) < 1000 {
      ignoredWithoutNotice += 1
      return
    }
    let more = ignoredWithoutNotice
    (lastIgnoredNotice, ignoredWithoutNotice) = (now, 0)
    let since = more == 0 ? "" : " (and \(more) more line\(more == 1 ? "" : "s") ignored before it)"
    output.events.append(.lineIgnored(reason: reason + since))
  }
}
