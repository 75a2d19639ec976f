import ChatCore

/// The channels part of the client: the channels we are in, the ones we mean to be in
/// (joined again after every reconnect), the `JOIN`s awaiting their answer and the names
/// lists being gathered.
///
/// It keeps no members: the core owns who is in a channel (`Conversation.members`), and the
/// protocol needs only to know which channels are ours (a line about another channel is not
/// reported) and, for the names list, the members until its `366` hands them on.
///
/// It knows no wire format and no nick of ours: the router parses the lines, tells it whether
/// a line is about us, and hands it the server's case mapping; it answers with what changed.
/// Every key here is a name folded under that mapping.
struct IRCChannels: Hashable, Sendable {
  /// The most names lists gathered at once, so a hostile server cannot grow them unbounded.
  static let namesListCap = 100
  /// The most names gathered per list, so a hostile names list cannot grow without bound.
  static let memberCap = 50_000
  /// The most channels kept as joined.
  static let channelCap = 10_000

  /// Channels we are in, as the server spells them, keyed by case-folded name.
  private(set) var joined: [String: String] = [:]
  /// Channels to be in: joined again after every reconnect, as the user spelled them.
  private(set) var autojoin: [String]
  /// The keys of the channels to be in that have one (`+k`), by folded name: sent again with
  /// every `JOIN` after a reconnect.
  private(set) var keys: [String: String] = [:]
  /// `JOIN`s sent and not answered yet, by folded name.
  private(set) var pendingJoins: Set<String> = []
  /// `353` lines gathered until their `366`, by folded channel name.
  private var namesInProgress: [String: [IRCMember]] = [:]

  /// The channels of the configuration, none joined yet.
  init(autojoin: [String]) {
    self.autojoin = autojoin
  }

  /// Channels we are in, as the server spells them, sorted.
  var joinedNames: [String] { joined.values.sorted() }

  /// The name, as the server spells it, of the joined channel with folded name `key`.
  func name(_ key: String) -> String? { joined[key] }

  /// The state of a new connection: nothing joined or pending, the wish list and keys kept.
  mutating func connectionStarted() {
    self = IRCChannels(autojoin: autojoin, keys: keys)
  }

  private init(autojoin: [String], keys: [String: String]) {
    self.autojoin = autojoin
    self.keys = keys
  }

  /// The key to join the channel `key` (folded) with, if it has one.
  func joinKey(_ key: String) -> String? { keys[key] }

  /// The link is gone: no channel is joined any more.
  mutating func connectionLost() {
    joined.removeAll()
  }

  /// A `JOIN` is about to be sent for `channel` (`key` folded under `mapping`); `remember`
  /// adds it to the channels joined again after a reconnect, with `joinKey` if it has one.
  mutating func joining(
    _ channel: String, key: String, remember: Bool, joinKey: String? = nil,
    mapping: NameRules.CaseMapping
  ) {
    if remember, !autojoin.contains(where: { mapping.folded($0) == key }) {
      autojoin.append(channel)
    }
    if remember, let joinKey { keys[key] = joinKey }
    pendingJoins.insert(key)
  }

  /// The user leaves `key`, or was put out of it: it is not joined again after a reconnect.
  mutating func forget(_ key: String, mapping: NameRules.CaseMapping) {
    autojoin.removeAll { mapping.folded($0) == key }
    keys[key] = nil
  }

  /// A refusal of a `JOIN` to `key`; true when one was pending.
  mutating func joinRefused(_ key: String) -> Bool {
    pendingJoins.remove(key) != nil
  }

  /// Our `JOIN` of `channel` came back; true when it is newly joined (and within the cap).
  mutating func weJoined(_ channel: String, key: String) -> Bool {
    pendingJoins.remove(key)
    guard joined[key] == nil, joined.count < Self.channelCap else { return false }
    joined[key] = channel
    return true
  }

  /// We left `key` (`PART` or `KICK`): its name, nil when we were not in it.
  mutating func weLeft(_ key: String) -> String? {
    joined.removeValue(forKey: key)
  }

  /// The server renamed the joined channel `old` (folded) to `new` (`newKey` folded under
  /// `mapping`): joined, and joined again after a reconnect, under its new name, with its
  /// key. False, changing nothing, when `old` is not joined or another joined channel has the
  /// new name.
  mutating func renamed(
    _ old: String, to new: String, newKey: String, mapping: NameRules.CaseMapping
  ) -> Bool {
    guard joined[old] != nil, newKey == old || joined[newKey] == nil else { return false }
    joined[old] = nil
    joined[newKey] = new
    if let index = autojoin.firstIndex(where: { mapping.folded($0) == old }) {
      autojoin[index] = new
    }
    if let joinKey = keys.removeValue(forKey: old) { keys[newKey] = joinKey }
    return true
  }

  /// A `353` line for `key`: its names (prefixed by the `symbols` of membership) gathered.
  mutating func gatherNames(
    _ names: some StringProtocol, for key: String, symbols: Set<Character>
  ) {
    guard namesInProgress[key] != nil || namesInProgress.count < Self.namesListCap else { return }
    var members = namesInProgress[key] ?? []
    for name in names.split(separator: " ") where members.count < Self.memberCap {
      let prefixes = name.prefix { symbols.contains($0) }
      let source = IRCSource(name.dropFirst(prefixes.count))
      guard !source.nick.isEmpty else { continue }
      members.append(
        IRCMember(
          nick: source.nick, prefixes: String(prefixes), user: source.user, host: source.host))
    }
    namesInProgress[key] = members
  }

  /// The `366` for `key`: the members gathered, handed on and no longer kept, and the
  /// channel's name as the server spells it, if we are in it.
  mutating func endOfNames(_ key: String) -> (name: String?, members: [IRCMember]) {
    let members = namesInProgress.removeValue(forKey: key) ?? []
    return (joined[key], members)
  }

  /// The server's case mapping changed: every key folded again under `mapping`.
  mutating func refold(_ mapping: NameRules.CaseMapping) {
    joined = Dictionary(
      joined.values.map { (mapping.folded($0), $0) }, uniquingKeysWith: { $1 })
    pendingJoins = Set(pendingJoins.map { mapping.folded($0) })
    keys = Dictionary(
      keys.map { (mapping.folded($0.key), $0.value) }, uniquingKeysWith: { $1 })
  }
}
