/// The checks chat makes on nicks and channel names before it knows the server's own rules.
///
/// They are deliberately the lowest common ground (RFC 2812's nick characters, and the
/// characters no server allows in a channel name); a server's `ISUPPORT` may narrow them later.
public enum IRCName {
  /// The longest nick chat makes from a user name: long enough for any server's `NICKLEN`
  /// (InspIRCd allows 30), and the server cuts it or refuses it with 432 otherwise.
  public static let derivedNickLength = 30

  /// The longest nick that can be sent at all: `NICK` and a space leave 505 of an IRC line's
  /// 510 bytes. Servers take far fewer (`NICKLEN`: 30 on InspIRCd and ngircd as configured
  /// here, 16 on Libera.Chat, 9 by RFC 1459), but say how many only after registering; a nick
  /// they refuse as too long is tried cut (see the IRC behaviour article).
  public static let longestNick = 505

  /// The longest channel name chat accepts before the server says otherwise, in UTF-8 bytes.
  public static let channelLength = 200

  /// The nick used when the user name gives nothing usable.
  public static let fallbackNick = "chatuser"

  /// `text` checked as a channel name; a name without a channel prefix (`#` or `&`) gets `#`,
  /// as IRC URLs and other clients treat a bare name.
  public static func channel(_ text: String) throws(IRCNameError) -> String {
    guard !text.isEmpty else { throw .emptyChannel }
    let name = text.hasPrefix("#") || text.hasPrefix("&") ? text : "#" + text
    guard name.unicodeScalars.count > 1 else { throw .bareChannelPrefix(name) }
    guard name.utf8.count <= channelLength else {
      throw .channelTooLong(name, limit: channelLength)
    }
    // Spaces and commas separate names on the wire; controls never belong in one.
    if let bad = name.unicodeScalars.first(where: { scalar in
      scalar == " " || scalar == "," || scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
        || scalar.properties.isWhitespace
    }) {
      throw .invalidChannel(name, character: bad)
    }
    return name
  }

  /// `text` checked as a nick: a letter or one of ``[]\`_^{|}`` first, then those, digits or `-`.
  public static func nick(_ text: String) throws(IRCNameError) -> String {
    guard let first = text.unicodeScalars.first else { throw .emptyNick }
    guard isNickStart(first) else { throw .invalidNickStart(text, character: first) }
    if let bad = text.unicodeScalars.first(where: { !isNickStart($0) && !isNickRest($0) }) {
      throw .invalidNick(text, character: bad)
    }
    // Every character left is ASCII: one byte each.
    guard text.utf8.count <= longestNick else {
      throw .nickTooLong(length: text.utf8.count, limit: longestNick)
    }
    return text
  }

  /// A valid nick made from a login name (`$USER`): the characters a nick cannot hold are
  /// dropped, and so are leading digits and hyphens; nothing left gives ``fallbackNick``.
  public static func nick(fromUserName userName: String?) -> String {
    var scalars = String.UnicodeScalarView()
    for scalar in (userName ?? "").unicodeScalars
    where isNickStart(scalar) || (!scalars.isEmpty && isNickRest(scalar)) {
      guard scalars.count < derivedNickLength else { break }
      scalars.append(scalar)
    }
    return scalars.isEmpty ? fallbackNick : String(scalars)
  }

  private static func isNickStart(_ scalar: Unicode.Scalar) -> Bool {
    ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
      || "[]\\`_^{|}".unicodeScalars
        .contains(scalar)
  }

  private static func isNickRest(_ scalar: Unicode.Scalar) -> Bool {
    ("0"..."9").contains(scalar) || scalar == "-"
  }
}
