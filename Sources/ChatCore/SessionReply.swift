/// The server's answer to a question the user asked it (`SessionRequest`): a block of facts
/// that renderers show together, never as one line per line of the protocol.
///
/// Strings in it come from the server: a renderer sanitises them before it shows them, and
/// JSON lines escape them.
///
/// Indirect: a `/whois` block is about 200 bytes, and held inline it made every `Action` that
/// size, so every action the loop copies (a typed line, an echo) cost a copy of it.
public indirect enum SessionReply: Hashable, Sendable {
  /// The server's channels, after `/channels`.
  case channels(ChannelList)
  /// Who matched a `/who`.
  case who(WhoReply)
  /// Who someone is, after `/whois`.
  case whois(WhoisReply)
}
