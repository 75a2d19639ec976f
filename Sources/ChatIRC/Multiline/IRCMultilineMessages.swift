/// The multiline batches (`draft/multiline`) the server has open, each gathered into one
/// message until it closes: its lines' text joined by line feeds (a line tagged
/// `draft/multiline-concat` joined to the one before with nothing between), under the tags
/// and source of the `BATCH` line that opened it (its msgid, time, account, label).
///
/// What a server can make it keep is bounded: at most `IRCBatches.cap` batches are open, and
/// each keeps at most `lineCap` lines and `byteCap` bytes of text; the lines beyond are
/// dropped unread, said once a batch (`overflowed`), and the message shown with what was
/// kept when the batch closes. A batch that never closes keeps no more than that, and goes
/// with the connection. A multiline batch inside another is not a message of its own: its
/// lines are dropped, as are lines other than `PRIVMSG` and `NOTICE` (a batch is one or the
/// other, as its first line says) and lines to another target than the batch's.
struct IRCMultilineMessages: Hashable, Sendable {
  /// The most lines kept of one multiline message.
  static let lineCap = 1_000
  /// The most bytes of text kept of one multiline message (line feeds included).
  static let byteCap = 65_536

  /// One batch being gathered.
  struct Gathering: Hashable, Sendable {
    /// The `BATCH +reference draft/multiline target` line: the message's tags and source.
    var opening: IRCMessage
    var target: String
    /// `PRIVMSG` or `NOTICE`, as the first line is.
    var command: String?
    var source: String?
    var text = ""
    var lines = 0
    /// Whether lines were dropped for the caps (said once).
    var overflowed = false
    /// Whether its lines are dropped and it shows nothing (a batch inside a multiline one).
    var discarded: Bool
  }

  /// What becomes of a line of a multiline batch.
  enum Verdict: Hashable, Sendable {
    /// Kept, part of the message.
    case kept
    /// Not part of it: another command, another target, a batch discarded; or beyond the
    /// caps once said.
    case dropped
    /// The first line beyond the caps of the message to `target`: dropped, and said.
    case overflowed(target: String)
  }

  private var open: [String: Gathering] = [:]

  /// Whether batch `reference` is a multiline batch being gathered.
  func isGathering(_ reference: String) -> Bool {
    // Asked of every line in a batch: none open (nearly always) asks nothing, and a lookup
    // copies no gathering out.
    !open.isEmpty && open.index(forKey: reference) != nil
  }

  /// How many are open.
  var count: Int { open.count }

  /// `BATCH +reference draft/multiline target` (`opening`, whose first parameters are the
  /// reference and the type): gathered from now; `discarded` drops its lines.
  mutating func start(_ reference: String, opening: IRCMessage, discarded: Bool) {
    let target = opening.parameters.count > 2 ? opening.parameters[2] : ""
    open[reference] = Gathering(
      opening: opening, target: target, source: opening.source,
      discarded: discarded || target.isEmpty)
  }

  /// A line of batch `reference`, whose command parsed as `command`; `sameTarget` says
  /// whether two targets are one (the server's case mapping).
  mutating func add(
    _ message: IRCMessage, _ command: IRCCommand, to reference: String,
    sameTarget: (String, String) -> Bool
  ) -> Verdict {
    guard var gathering = open[reference] else { return .dropped }
    guard !gathering.discarded, command == .privmsg || command == .notice,
      message.parameters.count >= 2, sameTarget(message.parameters[0], gathering.target),
      gathering.command.map({ IRCCommand($0) == command }) ?? true
    else { return .dropped }
    defer { open[reference] = gathering }
    if gathering.command == nil { gathering.command = message.command.uppercased() }
    if gathering.source == nil { gathering.source = message.source }
    let text = message.parameters[1]
    let joins =
      gathering.lines > 0
      && message.tags["draft/multiline-concat"] == nil && message.tags["multiline-concat"] == nil
    let bytes = text.utf8.count + (joins ? 1 : 0)
    guard gathering.lines < Self.lineCap, gathering.text.utf8.count + bytes <= Self.byteCap else {
      if gathering.overflowed { return .dropped }
      gathering.overflowed = true
      return .overflowed(target: gathering.target)
    }
    if joins { gathering.text += "\n" }
    gathering.text += text
    gathering.lines += 1
    return .kept
  }

  /// `BATCH -reference`: the message it gathered, as one line would say it (the opening's
  /// tags and source, the lines' command, the target and the joined text); nil when it was
  /// not gathered, was discarded, or holds nothing but blank lines.
  mutating func finish(_ reference: String) -> IRCMessage? {
    guard let gathering = open.removeValue(forKey: reference), !gathering.discarded,
      gathering.text.contains(where: { $0 != "\n" })
    else { return nil }
    return IRCMessage(
      tags: gathering.opening.tags, source: gathering.source,
      command: gathering.command ?? "PRIVMSG", parameters: [gathering.target, gathering.text])
  }

  /// The connection ended: nothing open will close.
  mutating func removeAll() {
    open.removeAll()
  }
}
