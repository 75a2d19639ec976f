// `/help` and its topics: which group of commands a topic names.

/// `/help`, or with a topic (a group, or a command of it) that group's commands.
func help(about topic: String?) -> Notice {
  guard let topic else { return .help }
  let word = topic.hasPrefix("/") ? String(topic.dropFirst()) : topic
  switch word.lowercased() {
  case "conversations": return .conversationHelp
  case "server": return .serverHelp
  default: break
  }
  switch Command.Name(typed: word)?.group {
  case .conversation?: return .conversationHelp
  case .server?: return .serverHelp
  case .general?, nil: return .help
  }
}
