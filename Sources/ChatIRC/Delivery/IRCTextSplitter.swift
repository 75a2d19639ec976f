/// Cuts outgoing text into pieces that each fit in one relayed line.
///
/// A server relays `PRIVMSG target :text` to others as `:nick!user@host PRIVMSG target :text`
/// and cuts anything past 512 bytes (CR LF included) without an error, so the budget for the
/// text is what the relayed prefix leaves. Tags are counted apart: a client may send 4,094
/// bytes of them (`clientTagBudget`).
public enum IRCTextSplitter {
  /// The most bytes of tags (with their `@` and trailing space) a client may send.
  public static let clientTagBudget = 4094

  /// The bytes of `:nick!user@host COMMAND target :`, what a server puts before the text.
  public static func relayedPrefixBytes(
    nick: String, user: String, host: String, command: String = "PRIVMSG", target: String
  ) -> Int {
    // ":" nick "!" user "@" host " " command " " target " :"
    7 + nick.utf8.count + user.utf8.count + host.utf8.count + command.utf8.count
      + target.utf8.count
  }

  /// The bytes left for text after `relayedPrefixBytes` in a line of `lineLength` bytes
  /// (CR LF included); at least 1, so splitting always makes progress.
  public static func textBudget(relayedPrefixBytes: Int, lineLength: Int = 512) -> Int {
    max(1, lineLength - 2 - relayedPrefixBytes)
  }

  /// `text` in pieces of at most `maxBytes` UTF-8 bytes that concatenate to `text`.
  ///
  /// Pieces end between grapheme clusters, after the last space that fits where there is
  /// one (the space stays with the piece before, so nothing is lost). Only a single cluster
  /// longer than `maxBytes` is cut inside, between its scalars, never inside a UTF-8
  /// sequence. Empty text is one empty piece.
  public static func split(_ text: String, maxBytes: Int) -> [String] {
    let limit = max(1, maxBytes)
    guard text.utf8.count > limit else { return [text] }
    var pieces: [String] = []
    var piece = ""
    var pieceBytes = 0
    var afterSpace: String.Index?
    for character in text {
      let bytes = character.utf8.count
      while pieceBytes + bytes > limit, !piece.isEmpty {
        if let cut = afterSpace, cut < piece.endIndex {
          pieces.append(String(piece[..<cut]))
          piece = String(piece[cut...])
          pieceBytes = piece.utf8.count
        } else {
          pieces.append(piece)
          piece = ""
          pieceBytes = 0
        }
        afterSpace = nil
      }
      if bytes > limit {
        pieces += splitCluster(character, limit: limit)
        continue
      }
      piece.append(character)
      pieceBytes += bytes
      if character == " " { afterSpace = piece.endIndex }
    }
    if !piece.isEmpty { pieces.append(piece) }
    return pieces
  }

  /// One grapheme cluster too long for a piece, cut between its scalars (one scalar per piece
  /// when even one does not fit).
  private static func splitCluster(_ character: Character, limit: Int) -> [String] {
    var pieces: [String] = []
    var piece = ""
    for scalar in character.unicodeScalars {
      if !piece.isEmpty, piece.utf8.count + scalar.utf8.count > limit {
        pieces.append(piece)
        piece = ""
      }
      piece.unicodeScalars.append(scalar)
    }
    if !piece.isEmpty { pieces.append(piece) }
    return pieces
  }
}
