/// What `/monitor` asks of the server's watch list (IRCv3 `MONITOR`): the server then says
/// when the nicks on it come online and go offline, whether or not they share a channel with
/// you.
public enum MonitorRequest: Hashable, Sendable {
  /// Watch these nicks (`/monitor +bob,carol`, or without the `+`).
  case add([String])
  /// Stop watching these nicks (`/monitor -bob`).
  case remove([String])
  /// Show the nicks watched, and which of them are online (`/monitor`).
  case list

  /// The request `/monitor` typed with `arguments` stands for: nothing lists; `+nick,nick`
  /// (or the nicks alone) adds, `-nick,nick` removes; nicks may be separated by commas or
  /// blanks. Nil for a `+` or `-` without a nick.
  init?(typed arguments: Substring) {
    let text = arguments.drop(while: isBlank)
    guard let first = text.first else {
      self = .list
      return
    }
    let removing = first == "-"
    let body = first == "+" || first == "-" ? text.dropFirst() : text
    let nicks = body.split { $0 == "," || isBlank($0) }.map(String.init)
    guard !nicks.isEmpty else { return nil }
    self = removing ? .remove(nicks) : .add(nicks)
  }
}
