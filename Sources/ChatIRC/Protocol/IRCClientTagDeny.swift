/// Which client-only tags (`+name`) the server refuses to relay (ISUPPORT `CLIENTTAGDENY`): a
/// comma-separated list of names without their `+`, `*` for all of them, and `-name` for one
/// relayed despite `*`. chat sends no tag the server denies.
public struct IRCClientTagDeny: Hashable, Sendable {
  /// Whether every client tag is denied (`*`), except `exceptions`.
  public var deniesAll = false
  /// The tags relayed despite `*` (`-name`).
  public var exceptions: Set<String> = []
  /// The tags denied by name.
  public var denied: Set<String> = []

  /// Nothing denied: what a server that says nothing means.
  public init() {}

  /// The value of `CLIENTTAGDENY` read: `*,-typing`, `typing,react`, `` (nothing).
  public init(parsing value: String) {
    for item in value.split(separator: ",") {
      if item == "*" {
        deniesAll = true
      } else if item.hasPrefix("-") {
        exceptions.insert(String(item.dropFirst()))
      } else {
        denied.insert(String(item))
      }
    }
  }

  /// Whether the server relays the client tag `name` (`typing` for `+typing`).
  public func allows(_ name: String) -> Bool {
    deniesAll ? exceptions.contains(name) : !denied.contains(name)
  }
}
