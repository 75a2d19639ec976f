import ChatCore

/// The quits of a netsplit and the joins of its relink, gathered into groups.
///
/// A netsplit shows as one `QUIT` per person behind it, each with the same reason naming
/// the two servers (`irc1.test irc2.test`, or `*.net *.split` when the server hides them),
/// all written by the near server at once. A group stays open while such lines keep coming,
/// each within `window` of the one before; it closes when the window passes, or when the
/// client is about to report anything else, so events keep the order the lines came in.
struct IRCNetsplits: Hashable, Sendable {
  /// How long after a grouped line the group waits for the next one: the lines of one split
  /// come in one burst, milliseconds apart, so a second is generous; it is also how long a
  /// lone quit that merely looks like a split waits before it is reported.
  static let windowMilliseconds: Int64 = 1000
  /// The most nicks one group holds and the most remembered as away in a split, so a hostile
  /// server cannot grow them without bound.
  static let nickCap = 50_000

  /// The quits of the split being gathered.
  struct Split: Hashable, Sendable {
    var reason: String
    /// The nicks of those who quit in it, in the order their quits came.
    var quits: [String] = []
  }

  /// The returning members of one channel being gathered.
  struct Rejoin: Hashable, Sendable {
    var channel: String
    var servers: String
    var nicks: [String] = []
  }

  var split: Split?
  /// Open rejoin groups, in the order they opened, by case-folded channel.
  var rejoins: [String: Rejoin] = [:]
  var rejoinOrder: [String] = []
  /// People gone in a split and not seen back: the split's servers, by case-folded nick.
  var away: [String: String] = [:]
  /// When the open groups close unless another of their lines comes first.
  var deadline: Timestamp?
  /// What a server's `MODE`s reported while a group was open (ranks given back on a relink):
  /// reported after the groups, so they neither break a group nor come before its joins.
  var heldModes: [IRCEvent] = []
  /// The most mode events held: a hostile server's flood of modes stays bounded.
  static let heldModesCap = 1_000

  /// Whether a group is open.
  var isOpen: Bool { split != nil || !rejoinOrder.isEmpty }

  /// Whether `reason` is what a server gives in a netsplit: two server names (or the
  /// `*.net *.split` that hides them) and nothing else.
  static func isSplitReason(_ reason: String) -> Bool {
    let words = reason.split(separator: " ", omittingEmptySubsequences: false)
    guard words.count == 2, words[0] != words[1] else { return false }
    return words.allSatisfy(isServerName)
  }

  /// A host-like word: letters, digits, `-`, `_`, `*` in dot-separated labels, at least two.
  private static func isServerName(_ word: Substring) -> Bool {
    let labels = word.split(separator: ".", omittingEmptySubsequences: false)
    guard labels.count >= 2, word.utf8.count <= 255 else { return false }
    return labels.allSatisfy { label in
      !label.isEmpty
        && label.utf8.allSatisfy { byte in
          (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "*")
        }
    }
  }
}
