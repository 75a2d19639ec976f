import ChatCore
import ChatProfile

/// The STS policies chat remembers, by host: `$XDG_STATE_HOME/chat/sts` (by default
/// `~/.local/state/chat/sts`). A policy learnt over TLS makes later plaintext connections to
/// that host go over TLS on the remembered port until it expires.
///
/// The file is text, one policy a line: `host port expiry duration` (expiry in seconds since
/// 1970, duration in seconds), `#` comments. It is written whole to a temporary file, made
/// 0600, synced and renamed over the old one, so a reader never sees half of it.
struct STSPolicyStore: Equatable, Sendable {
  /// One host's policy.
  struct Entry: Equatable, Sendable {
    /// The TLS port to connect to.
    var port: UInt16
    /// When the policy lapses.
    var expiry: Timestamp
    /// The duration last advertised, in seconds, to reschedule the expiry on disconnect.
    var durationSeconds: Int64

    /// Creates an entry.
    init(port: UInt16, expiry: Timestamp, durationSeconds: Int64) {
      (self.port, self.expiry, self.durationSeconds) = (port, expiry, durationSeconds)
    }
  }

  /// The policies by host (lower case, as ``ServerAddress`` keeps hosts).
  private(set) var entries: [String: Entry]

  /// A store with `entries`.
  init(entries: [String: Entry] = [:]) {
    self.entries = entries
  }

  /// Where the store lives: `$XDG_STATE_HOME/chat/sts`, else `$HOME/.local/state/chat/sts`.
  static func defaultPath(environment: [String: String]) -> String? {
    XDGDirectories.stateHome(environment).map { $0 + "/chat/sts" }
  }

  /// The address to connect to instead of `address` at `now`: the TLS one on the stored port
  /// when a live policy covers a plaintext address; nil when no upgrade is due.
  func upgrade(_ address: ServerAddress, at now: Timestamp) -> ServerAddress? {
    guard !address.usesTLS, let entry = entries[address.host.lowercased()], entry.expiry > now
    else { return nil }
    var upgraded = address
    (upgraded.usesTLS, upgraded.port) = (true, entry.port)
    return upgraded
  }

  /// Takes in the `duration` of a policy advertised over a verified TLS connection to `host`
  /// on `port` at `now` (the protocol client reads the `sts` value: `IRCSTSPolicy`, the one
  /// parser): it sets (or resets) the expiry, and 0 removes the host's policy.
  mutating func record(
    durationSeconds seconds: Int64, host: String, port: UInt16, at now: Timestamp
  ) {
    let key = host.lowercased()
    guard seconds > 0 else {
      entries[key] = nil
      return
    }
    entries[key] = Entry(
      port: port, expiry: Self.adding(seconds, to: now), durationSeconds: seconds)
  }

  /// Moves `host`'s expiry to `now` plus its last duration, as the spec asks when a
  /// connection closes (a long-lived connection must not let the policy lapse early).
  mutating func reschedule(host: String, at now: Timestamp) {
    let key = host.lowercased()
    guard var entry = entries[key] else { return }
    entry.expiry = Self.adding(entry.durationSeconds, to: now)
    entries[key] = entry
  }

  /// Forgets every policy that has expired by `now`.
  mutating func expire(at now: Timestamp) {
    entries = entries.filter { $0.value.expiry > now }
  }

  /// Forgets `host`'s policy.
  mutating func remove(host: String) {
    entries[host.lowercased()] = nil
  }

  /// `now` plus `seconds`, saturating far in the future instead of overflowing.
  private static func adding(_ seconds: Int64, to now: Timestamp) -> Timestamp {
    let (milliseconds, overflow) = seconds.multipliedReportingOverflow(by: 1000)
    let (sum, overflowAgain) = now.millisecondsSinceEpoch.addingReportingOverflow(milliseconds)
    return Timestamp(millisecondsSinceEpoch: overflow || overflowAgain ? Int64.max : sum)
  }
}
