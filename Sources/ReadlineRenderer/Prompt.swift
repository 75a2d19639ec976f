import ChatCore
import ChatRendering
import LineRenderer

/// The text readline shows before the input, and how many columns it takes.
///
///     >                          one conversation, nothing in flight
///     [2 pending] >              two messages await their echo or reply
///     [leaving, 1 pending] >     after Ctrl-D or /quit, until the last reply arrives
///     #room >                    more than one conversation open: the active one
///     #room (Carol 2, #ops 1) >  and the others with unread messages, with their counts
///     #room (Carol 1!, #ops 3+1!) >  mentions of you counted apart, marked `!`
///     #room (Carol 2, … +3) [1 pending] >
///     #chat [1 pending, 3 queued, lag 120ms] >   on a network: lines waiting for the
///                                                pacing allowance, the last measured lag
///     #chat [TLS not verified, lag 80ms] >       with --tls-insecure, always first
///     [alice] #chat [lag 80ms] >                 on a server, your nick first, always
///     [alice] #chat [bob is typing] >            someone typing in the active conversation
///
/// Names are sanitised. At most `UnreadActivity.shownLimit` others are named; the rest are
/// counted (`+3`).
struct Prompt: Equatable {
  /// The prompt for readline: colour escapes wrapped in `\u{1}`…`\u{2}` so readline does not
  /// count them as columns.
  var text: String
  /// The columns the prompt takes on screen.
  var columns: Int

  /// The prompt with nothing to report.
  static let plain = Prompt(text: "> ", columns: 2)

  /// The prompt that shows `state`'s messages in flight and whether the app is leaving.
  init(for state: AppState, color: Bool) {
    var activity = UnreadActivity()
    self.init(for: state, activity: &activity, color: color)
  }

  /// The prompt for `state`; with more than one conversation open it names the active one
  /// and those in `activity`.
  init(for state: AppState, activity: inout UnreadActivity, color: Bool) {
    var hint: [String] = []
    var link = LinkText.hints(for: state)
    // An unverified link is said first: it matters more than anything else here.
    if state.isTLSUnverified { hint.append(link.removeFirst()) }
    if let typing = TypingText.words(for: state) { hint.append(typing) }
    if state.phase != .active { hint.append("leaving") }
    if state.inFlightCount > 0 { hint.append("\(state.inFlightCount) pending") }
    hint += link
    var visible = ""
    text = ""
    if state.hasServer {
      // Your nick on the server, as irssi's status bar and WeeChat's input prompt show it.
      let nick = "[" + Sanitizer.sanitize(state.localName) + "]"
      visible += nick
      text += Self.styled(nick, .dim, color)
    }
    if state.conversations.count > 1 {
      if !visible.isEmpty {
        visible += " "
        text += " "
      }
      let active = state.conversations.activeName
      let name = Sanitizer.sanitize(active.text)
      visible += name
      text += Self.styled(name, ANSIStyle.color(forConversation: active), color)
      let (shown, more) = activity.shown(in: state)
      if !shown.isEmpty {
        var others = shown.map { Sanitizer.sanitize($0.0.text) + " " + $0.1 }
        if more > 0 { others.append("+\(more)") }
        let list = " (" + others.joined(separator: ", ") + ")"
        visible += list
        text += Self.styled(list, .dim, color)
      }
    }
    if !hint.isEmpty {
      let part = (visible.isEmpty ? "" : " ") + "[" + hint.joined(separator: ", ") + "]"
      visible += part
      text += Self.styled(part, .dim, color)
    }
    guard !visible.isEmpty else {
      self = .plain
      return
    }
    columns = DisplayWidth.of(visible) + 3
    text += " > "
  }

  init(text: String, columns: Int) {
    self.text = text
    self.columns = columns
  }

  /// `text` in `style` when colour is on, the escapes marked invisible for readline.
  private static func styled(_ text: String, _ style: ANSIStyle, _ color: Bool) -> String {
    guard color else { return text }
    return "\u{1}\(style.rawValue)\u{2}\(text)\u{1}\(ANSIStyle.reset.rawValue)\u{2}"
  }
}
