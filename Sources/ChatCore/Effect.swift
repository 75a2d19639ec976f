/// Work the runtime carries out for the core. Plain data, so tests can compare it.
public enum Effect: Hashable, Sendable {
  /// Forget a timer started earlier; it will not fire.
  case cancel(Timer)
  /// Ask the session to join the channel `name`, with its `key` if it has one (a `+k`
  /// channel); it reports `.joined` once it has.
  case join(ConversationName, key: String? = nil)
  /// Ask the session to leave the network, telling it `reason` (its default when nil): the
  /// run is draining and everything sent has settled. The run ends once the session expects
  /// nothing more (`.expectsNothingMore`), so a polite goodbye is still seen through.
  case leave(reason: String?)
  /// Ask the session to leave the channel `name`; it reports `.left` once it has.
  case part(ConversationName, reason: String?)
  /// Ask the session to carry out `request`, a server's command (`/nick`, `/whois`, …); what
  /// comes of it comes back as session actions.
  case perform(SessionRequest)
  /// Forget the TLS policy kept for `host` (see `rememberPolicy`).
  case forgetPolicy(host: String)
  /// Stop the program: everything the user is waiting for has arrived, or they insisted.
  case quit
  /// Keep `policy`, learned at `time`, for later runs (the STS store): the runtime writes it.
  case rememberPolicy(TransportPolicy, time: Timestamp)
  /// Start `timer`; it fires `afterMilliseconds` from now unless cancelled.
  case schedule(Timer, afterMilliseconds: Int64)
  /// Hand this message to the session; it goes to `message.conversation`.
  case send(Message)
  /// Ask the session to set the topic of the channel `name`; it reports `.topicChanged`.
  case setTopic(ConversationName, String)
  /// Tell the user something that is not part of the conversation.
  case show(Notice)
}
