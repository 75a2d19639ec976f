/// Work the runtime carries out for the core. Plain data, so tests can compare it.
public enum Effect: Hashable, Sendable {
  /// Forget a timer started earlier; it will not fire.
  case cancel(Timer)
  /// Stop the program: everything the user is waiting for has arrived, or they insisted.
  case quit
  /// Start `timer`; it fires `afterMilliseconds` from now unless cancelled.
  case schedule(Timer, afterMilliseconds: Int64)
  /// Hand this message to the session.
  case send(Message)
  /// Tell the user something that is not part of the conversation.
  case show(Notice)
}

/// Something to tell the user outside the conversation itself.
public enum Notice: Hashable, Sendable {
  /// The list of commands, after `/help`.
  case help
  /// A line typed while leaving was not sent.
  case notSentWhileLeaving
  /// A line began with `/` but named no command.
  case unknownCommand(String)
}
