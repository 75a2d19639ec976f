/// The most recent messages, at most `limit` of them, oldest first.
///
/// A ring buffer: `append` is O(1) and never moves the messages already kept, so keeping a
/// bounded history costs the same per message however long the conversation runs. Subscripts
/// are O(1).
public struct Scrollback: RandomAccessCollection, Equatable, Sendable, ExpressibleByArrayLiteral {
  /// How many messages are kept when none is given: a terminal client's usual scrollback.
  public static let defaultLimit = 5000

  /// The most messages kept; appending beyond it forgets the oldest.
  public let limit: Int
  private var storage: [Message] = []
  private var oldest = 0

  /// Creates an empty scrollback keeping at most `limit` (at least 1) messages.
  public init(limit: Int = Scrollback.defaultLimit) {
    self.limit = Swift.max(1, limit)
  }

  /// Creates a scrollback holding `elements`, with the default limit.
  public init(arrayLiteral elements: Message...) {
    self.init()
    for element in elements { append(element) }
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { storage.count }

  public subscript(position: Int) -> Message {
    let index = oldest + position
    return storage[index < storage.count ? index : index - storage.count]
  }

  /// Adds `message` as the newest, forgetting the oldest when full.
  public mutating func append(_ message: Message) {
    if storage.count < limit {
      storage.append(message)
    } else {
      storage[oldest] = message
      oldest = oldest + 1 == limit ? 0 : oldest + 1
    }
  }

  public static func == (lhs: Scrollback, rhs: Scrollback) -> Bool {
    lhs.limit == rhs.limit && lhs.elementsEqual(rhs)
  }
}
