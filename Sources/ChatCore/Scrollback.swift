import FoundationEssentials

/// The most recent messages, at most `limit` of them, oldest first.
///
/// A ring buffer: `append` is O(1) and never moves the messages already kept, so keeping a
/// bounded history costs the same per message however long the conversation runs. Subscripts
/// are O(1), and so is asking whether a message id was seen recently, which is how the core
/// recognises a message delivered twice. Ids are remembered for at least `idWindow` messages
/// (at most twice that), independently of `limit`, so a smaller scrollback never changes what
/// is shown.
public struct Scrollback: RandomAccessCollection, Equatable, Sendable, ExpressibleByArrayLiteral {
  /// How many messages are kept when none is given: a terminal client's usual scrollback.
  public static let defaultLimit = 5000

  /// How many recent message ids are remembered at least, to recognise duplicates.
  public static let idWindow = 16_384

  /// The most messages kept; appending beyond it forgets the oldest.
  public let limit: Int
  @usableFromInline var storage: [Message] = []
  @usableFromInline var oldest = 0
  /// Ids of recent messages in two generations: when the newer one fills up it replaces the
  /// older. Forgetting a whole generation at once avoids removing single ids from a hash set,
  /// which rehashes its neighbours and was the costliest step of appending.
  private var newerIDs = MessageKeySet()
  private var olderIDs = MessageKeySet()

  /// Creates an empty scrollback keeping at most `limit` (at least 1) messages.
  public init(limit: Int = Scrollback.defaultLimit) {
    self.limit = Swift.max(1, limit)
  }

  /// Creates a scrollback holding `elements`, with the default limit.
  public init(arrayLiteral elements: Message...) {
    self.init()
    for element in elements { append(element) }
  }

  @inlinable public var startIndex: Int { 0 }
  @inlinable public var endIndex: Int { storage.count }

  // Inlinable, with a read accessor, so a caller in another module that only looks at a
  // message borrows it in place instead of copying its strings out and destroying them again.
  @inlinable public subscript(position: Int) -> Message {
    _read {
      let index = oldest &+ position
      yield storage[index < storage.count ? index : index &- storage.count]
    }
  }

  /// Adds `message` as the newest, forgetting the oldest when full.
  public mutating func append(_ message: consuming Message) {
    newerIDs.insert(MessageKey(message.id))
    if newerIDs.count >= Self.idWindow {
      // The older ids are forgotten and their table, emptied, takes the newer ones: a new
      // table grew from 16 slots to 32,768 again, a third of the cost of every insert.
      swap(&olderIDs, &newerIDs)
      newerIDs.removeAll()
    }
    if storage.count < limit {
      storage.append(message)
    } else {
      storage[oldest] = message
      oldest = oldest + 1 == limit ? 0 : oldest + 1
    }
  }

  /// Whether a message with `id` entered recently: among the kept ones or just before. O(1).
  public func contains(id: UUID) -> Bool {
    let key = MessageKey(id)
    return newerIDs.contains(key) || olderIDs.contains(key)
  }

  public static func == (lhs: Scrollback, rhs: Scrollback) -> Bool {
    lhs.limit == rhs.limit && lhs.elementsEqual(rhs)
  }
}
