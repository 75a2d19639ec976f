import ChatCore

/// How the human-readable renderers (line mode, the log, the screen) name the message a reply
/// answers or a reaction reacts to (IRCv3 `+draft/reply`, `+draft/react`): its sender and the
/// start of its text, or "an earlier message" when chat does not hold it. Sanitised, without
/// formatting codes.
public enum ReferenceText {
  /// The most characters of the message's text shown.
  public static let excerptLength = 30

  /// `alice: "start of the text…"`, or `an earlier message`.
  public static func shown(_ reference: MessageReference) -> String {
    guard let sender = reference.sender else { return "an earlier message" }
    let text = Sanitizer.sanitize(reference.excerpt ?? "", markup: reference.markup)
    let cut = text.count > excerptLength ? text.prefix(excerptLength) + "…" : Substring(text)
    return Sanitizer.sanitize(sender) + ": \"" + cut + "\""
  }

  /// What goes before a reply's text: `(reply to alice: "hi…") `; empty for any other message.
  public static func replyLead(of message: Message) -> String {
    guard let reference = message.inReplyTo else { return "" }
    return "(reply to " + shown(reference) + ") "
  }

  /// A reaction as a line: `bob reacted 👍 to alice: "hi…" (👍 2, 🎉 1)`, or `you reacted …`.
  public static func words(for reaction: Reaction, counts: [ReactionCount]) -> String {
    let who = reaction.isOwn ? "you" : Sanitizer.sanitize(reaction.sender)
    let tally = counts.map { Sanitizer.sanitize($0.text) + " \($0.count)" }
      .joined(separator: ", ")
    return who + " reacted " + Sanitizer.sanitize(reaction.text) + " to "
      + shown(reaction.target) + (tally.isEmpty ? "" : " (" + tally + ")")
  }
}
