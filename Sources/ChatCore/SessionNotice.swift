/// Something the user is told about a session that is no conversation message: what happened
/// on the link, in a typed form, with its words in one place (`description`). A session tells
/// most of them (`Action.Session.noticed`); the core words those about failed messages and
/// ended connections from the actions that report them.
///
/// Strings in it may come from the server (reasons, nicks): a renderer sanitises the words
/// before it shows them, and JSON lines escape them.
public enum SessionNotice: Hashable, Sendable {
  /// A line from the server was ignored (too long, malformed) for `reason`; ignored lines
  /// are told at most once a second, the reason counting those skipped in between.
  case lineIgnored(reason: String)
  /// A CTCP request (`VERSION`, `PING`) from `nick` was answered.
  case ctcpAnswered(nick: String, command: String)
  /// A connection attempt failed for `reason`; `retried` says whether another follows.
  case connectionFailed(reason: String, retried: Bool)
  /// The link went down for `reason`; `retried` says whether the session connects again.
  case disconnected(reason: String, retried: Bool)
  /// `count` messages of ours were not delivered, all for `reason` (refused, not confirmed in
  /// time, lost with the link): one notice for them all.
  case notDelivered(count: Int, reason: String)
  /// A message was too long for one line and goes out in `parts` messages.
  case messageSplit(parts: Int)
  /// A message of several lines was more than the server takes in one (IRC's
  /// `draft/multiline`: at most `maxBytes` bytes, `maxLines` lines) and goes out as
  /// `messages` of them.
  case multilineSplit(messages: Int, maxBytes: Int, maxLines: Int?)
  /// A message of several lines received in `conversation` was longer than chat keeps of one
  /// (`lines` lines, `bytes` bytes): shown with what was kept, the rest dropped.
  case multilineOverflowed(conversation: String, lines: Int, bytes: Int)
  /// The server marked you away (`306`), with the `message` you gave when chat knows it.
  case markedAway(message: String?)
  /// The server marked you back (`305`): no longer away.
  case markedBack
  /// The server took your new real name (`/setname`).
  case realNameChanged(String)
  /// `target`'s modes are `modes` (`324` for a channel, `221` for you), after `/mode`.
  case modes(target: String, modes: String)
  /// The server confirmed your invitation of `nick` into `channel` (`341`).
  case invited(nick: String, channel: String)
  /// The server accepted us under `nick`, not the `wanted` one, which was not available.
  case nickFallback(wanted: String, nick: String)
  /// Changing our nick to `nick` after registering was refused, for `reason`.
  case nickChangeRefused(nick: String, reason: String)
  /// While registering, `nick` was refused for `reason`; `fallback` is tried next.
  case nickRefused(nick: String, reason: String, fallback: String)
  /// SASL succeeded, as `account` when the server named one.
  case loggedIn(account: String?)
  /// SASL failed or could not be tried, for `reason`.
  case loginFailed(reason: String)
  /// The session will try to connect to `host`:`port` again in `milliseconds`.
  case reconnecting(host: String, port: Int, afterMilliseconds: Int64)
  /// Something the session was asked for cannot be done, for `reason`.
  case refused(reason: String)
  /// The server said something not tied to anything else (`code` is its numeric).
  case serverReply(code: String, text: String)
  /// After registration the server turned capabilities `on` (chat asked for them once the
  /// server offered them) or `off` (withdrawn): IRCv3 `cap-notify`.
  case capabilitiesChanged(on: [String], off: [String])
  /// The server sent an IRCv3 standard reply (`FAIL`, `WARN`, `NOTE`) about a command.
  /// (Indirect: four strings inline would make every `Action` larger; see ActionLayoutTests.)
  indirect case standardReply(StandardReply)
  /// The server accepts only UTF-8 (`UTF8ONLY`); chat sends nothing else.
  case utf8Only
  /// Nicks on your watch list (`/monitor`) came online, or were online when added (IRCv3
  /// `MONITOR`, `730`).
  case monitorOnline([String])
  /// Nicks on your watch list went offline, or were offline when added (`731`).
  case monitorOffline([String])
  /// The watch list, after `/monitor`: who is online, and who is not (or not known yet).
  case monitorList(online: [String], offline: [String])
  /// The server's watch list holds at most `limit` nicks (its `MONITOR` limit, or `734`):
  /// `nicks` are not watched.
  case monitorFull(limit: Int, nicks: [String])
  /// Catching up on what was missed in `conversation` stopped after `count` messages of
  /// history, though the server had more.
  case historyStopped(conversation: String, count: Int)
  /// The server's history of `conversation` held more than the `asked` messages fetched: the
  /// rest was dropped unread.
  case historyOverflowed(conversation: String, asked: Int)
  /// A policy remembered from an earlier run moves the connection to TLS on `host`:`port`.
  case stsPolicyApplied(host: String, port: Int)
  /// An advertised STS policy moves the connection to TLS on `host`:`port`.
  case stsUpgrade(host: String, port: Int)
  /// The TLS connection to `host`:`port` is not verified (`--tls-insecure`).
  case tlsUnverified(host: String, port: Int)
  /// The connection to `host`:`port` is plaintext, so the TLS `options` given (`--tls-ca`,
  /// `--tls-cert`, or the networks file's `tls-ca`, `tls-cert`) are used only if an STS policy upgrades it to TLS.
  case tlsOptionsAwaitUpgrade(host: String, port: Int, options: [String])
}

extension SessionNotice: CustomStringConvertible {
  /// The words for the user, unsanitised (see the type's note).
  public var description: String {
    switch self {
    case .lineIgnored(let reason):
      "ignored a line from the server: " + reason
    case .ctcpAnswered(let nick, let command):
      "answered CTCP \(command) from \(nick)"
    case .connectionFailed(let reason, let retried):
      retried ? reason : reason + " (not retried)"
    case .disconnected(let reason, let retried):
      "disconnected: " + reason + (retried ? "" : " (not retried)")
    case .notDelivered(let count, let reason):
      (count == 1 ? "a message was" : "\(count) messages were") + " not delivered: " + reason
    case .messageSplit(let parts):
      "the message is too long for one IRC line: it goes out in \(parts) parts"
    case .multilineSplit(let messages, let maxBytes, let maxLines):
      "the message is longer than the server takes in one (\(maxBytes) bytes"
        + (maxLines.map { ", \($0) lines" } ?? "") + "): it goes out as \(messages) messages"
    case .multilineOverflowed(let conversation, let lines, let bytes):
      "a message of several lines in \(conversation) was longer than chat keeps of one"
        + " (\(lines) lines, \(bytes) bytes): the rest of it is dropped"
    case .nickFallback(let wanted, let nick) where Self.isCut(wanted, to: nick):
      "registered as \(nick): your nick \(wanted) (\(wanted.count) characters) is too long for"
        + " the server, so it was cut to \(nick.count)"
    case .markedAway(let message):
      "you are marked as away" + (message.map { ": " + $0 } ?? "")
    case .markedBack:
      "you are no longer marked as away"
    case .realNameChanged(let realName):
      "your real name is now " + realName
    case .modes(let target, let modes):
      "modes of \(target): \(modes)"
    case .invited(let nick, let channel):
      "invited \(nick) to \(channel)"
    case .nickFallback(let wanted, let nick):
      "registered as \(nick): \(wanted) was not available"
    case .nickChangeRefused(let nick, let reason):
      "cannot change nick to \(nick): \(reason)"
    case .nickRefused(let nick, let reason, let fallback) where Self.isCut(nick, to: fallback):
      "the nick \(nick) (\(nick.count) characters) was refused (\(reason)): trying it cut to"
        + " \(fallback.count) characters, \(fallback)"
    case .nickRefused(let nick, let reason, let fallback):
      "the nick \(nick) was refused (\(reason)): trying \(fallback)"
    case .loggedIn(let account):
      "logged in" + (account.map { " as " + $0 } ?? "")
    case .loginFailed(let reason):
      "SASL: " + reason
    case .reconnecting(let host, let port, let milliseconds):
      "reconnecting to \(host):\(port) in \(Double(milliseconds / 100) / 10) s"
    case .refused(let reason):
      reason
    case .serverReply(let code, let text):
      "server (\(code)): \(text)"
    case .standardReply(let reply):
      reply.description
    case .capabilitiesChanged(let on, let off):
      "the server turned "
        + [("on", on), ("off", off)].filter { !$0.1.isEmpty }
        .map { "\($0.0) " + $0.1.joined(separator: ", ") }.joined(separator: " and ")
    case .historyStopped(let conversation, let count):
      "history of \(conversation): stopped after \(count) messages missed, though the server"
        + " has more"
    case .historyOverflowed(let conversation, let asked):
      "history of \(conversation): the server sent more than the \(asked) messages asked for;"
        + " the rest is dropped"
    case .monitorOnline(let nicks):
      Self.named(nicks) + (nicks.count == 1 ? " is online" : " are online")
    case .monitorOffline(let nicks):
      Self.named(nicks) + (nicks.count == 1 ? " is offline" : " are offline")
    case .monitorList(let online, let offline) where online.isEmpty && offline.isEmpty:
      "monitoring nobody (/monitor +NICK watches someone)"
    case .monitorList(let online, let offline):
      Self.monitoring(online: online, offline: offline)
    case .monitorFull(let limit, let nicks):
      "the server's monitor list is full (\(limit) nicks): not watching " + Self.named(nicks)
    case .utf8Only:
      "the server accepts only UTF-8 text (UTF8ONLY): chat sends nothing else, and input that"
        + " is not UTF-8 goes out with U+FFFD in place of its invalid bytes"
    case .stsPolicyApplied(let host, let port):
      "an STS policy for \(host) upgrades the connection to TLS on port \(port)"
    case .stsUpgrade(let host, let port):
      "the server asks for TLS (STS): reconnecting to \(host):\(port)"
    case .tlsUnverified(let host, let port):
      "TLS to \(host):\(port) is not verified (--tls-insecure)"
    case .tlsOptionsAwaitUpgrade(let host, let port, let options):
      "\(host):\(port) is plaintext: "
        + options.map { $0.hasPrefix("-") ? $0 : "the networks file's \($0)" }
        .joined(separator: " and ")
        + " \(options.count == 1 ? "applies" : "apply") only if the server's STS policy"
        + " upgrades the connection to TLS"
    }
  }

  /// The most nicks a notice names; the rest are counted.
  static let namedLimit = 20

  /// `monitoring 3: bob online; carol, dave offline`.
  private static func monitoring(online: [String], offline: [String]) -> String {
    var groups: [String] = []
    if !online.isEmpty { groups.append(named(online) + " online") }
    if !offline.isEmpty { groups.append(named(offline) + " offline") }
    return "monitoring \(online.count + offline.count): " + groups.joined(separator: "; ")
  }

  /// `bob, carol`, or `a, b, … and 30 more` past `namedLimit`.
  private static func named(_ nicks: [String]) -> String {
    let shown = nicks.prefix(namedLimit).joined(separator: ", ")
    return nicks.count > namedLimit ? shown + " and \(nicks.count - namedLimit) more" : shown
  }

  /// Whether `cut` is `nick` cut short: a nick too long for the server.
  private static func isCut(_ nick: String, to cut: String) -> Bool {
    !cut.isEmpty && cut.count < nick.count && nick.hasPrefix(cut)
  }

  /// A stable name for the kind of notice, for programs (JSON lines' `notice`).
  public var kind: String {
    switch self {
    case .lineIgnored: "line_ignored"
    case .connectionFailed: "connection_failed"
    case .ctcpAnswered: "ctcp"
    case .disconnected: "disconnected"
    case .notDelivered: "not_delivered"
    case .messageSplit: "split"
    case .multilineSplit: "multiline_split"
    case .multilineOverflowed: "multiline_overflowed"
    case .markedAway: "marked_away"
    case .markedBack: "marked_back"
    case .realNameChanged: "real_name"
    case .modes: "modes"
    case .invited: "invited"
    case .nickFallback: "nick_fallback"
    case .nickChangeRefused: "nick_change_refused"
    case .nickRefused: "nick_refused"
    case .loggedIn: "logged_in"
    case .loginFailed: "login_failed"
    case .reconnecting: "reconnecting"
    case .refused: "refused"
    case .serverReply: "server_reply"
    case .standardReply: "standard_reply"
    case .capabilitiesChanged: "capabilities"
    case .stsPolicyApplied: "sts_policy"
    case .stsUpgrade: "sts_upgrade"
    case .tlsUnverified: "tls_unverified"
    case .tlsOptionsAwaitUpgrade: "tls_awaits_upgrade"
    case .utf8Only: "utf8_only"
    case .monitorOnline: "monitor_online"
    case .monitorOffline: "monitor_offline"
    case .monitorList: "monitor_list"
    case .monitorFull: "monitor_full"
    case .historyStopped: "history_stopped"
    case .historyOverflowed: "history_overflowed"
    }
  }
}
