import Glibc

/// The XDG base directories chat keeps its files in, from an environment given as a value so
/// tests can point them anywhere.
enum XDGDirectories {
  /// `$XDG_CONFIG_HOME`, else `~/.config`; nil when neither it nor `$HOME` is usable.
  static func configHome(_ environment: [String: String]) -> String? {
    directory(environment["XDG_CONFIG_HOME"], else: ".config", environment)
  }

  /// `$XDG_STATE_HOME`, else `~/.local/state`; nil when neither it nor `$HOME` is usable.
  static func stateHome(_ environment: [String: String]) -> String? {
    directory(environment["XDG_STATE_HOME"], else: ".local/state", environment)
  }

  /// The base directory spec ignores a relative value, as if it were not set.
  private static func directory(
    _ value: String?, else fallback: String, _ environment: [String: String]
  ) -> String? {
    if let value, value.hasPrefix("/") { return value }
    guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
    return (home.hasSuffix("/") ? home : home + "/") + fallback
  }

  /// The process's environment.
  static var current: [String: String] {
    var result: [String: String] = [:]
    guard var entry = Optional(environ) else { return result }
    while let pointer = entry.pointee {
      let text = String(cString: pointer)
      if let equals = text.firstIndex(of: "=") {
        result[String(text[..<equals])] = String(text[text.index(after: equals)...])
      }
      entry = entry.advanced(by: 1)
    }
    return result
  }
}
