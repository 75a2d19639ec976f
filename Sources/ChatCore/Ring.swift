/// The most recent elements, at most `limit` of them, oldest first: a conversation's own
/// scrollback, the log of conversation events.
///
/// A ring buffer: `append` is O(1) and never moves what is kept. Unlike `Scrollback` it keeps
/// no ids, and its limit can shrink (when more conversations share the total cap).
public struct Ring<Element>: RandomAccessCollection {
  /// The most elements kept; appending beyond it forgets the oldest.
  public private(set) var limit: Int
  @usableFromInline var storage: [Element] = []
  @usableFromInline var oldest = 0

  /// Creates an empty ring keeping at most `limit` (at least 1) elements.
  public init(limit: Int) {
    self.limit = Swift.max(1, limit)
  }

  @inlinable public var startIndex: Int { 0 }
  @inlinable public var endIndex: Int { storage.count }

  @inlinable public subscript(position: Int) -> Element {
    let index = oldest &+ position
    return storage[index < storage.count ? index : index &- storage.count]
  }

  /// Adds `element` as the newest, forgetting the oldest when full. O(1).
  @inlinable public mutating func append(_ element: Element) {
    if storage.count < limit {
      storage.append(element)
    } else {
      storage[oldest] = element
      oldest = oldest &+ 1 == limit ? 0 : oldest &+ 1
    }
  }

  /// Keeps at most `newLimit` (at least 1) elements from now on, forgetting the oldest now if
  /// there are more. O(count) when it changes.
  mutating func setLimit(_ newLimit: Int) {
    let newLimit = Swift.max(1, newLimit)
    guard newLimit != limit else { return }
    // A ring that is not full and keeps its order in place (every one of a thousand
    // conversations opened just now) needs no new storage: opening the thousandth
    // conversation then costs no allocation per open one.
    if oldest == 0, storage.count <= newLimit {
      limit = newLimit
      return
    }
    let kept = Array(suffix(newLimit))
    storage = kept
    oldest = 0
    limit = newLimit
  }
}

extension Ring: Equatable where Element: Equatable {
  public static func == (lhs: Ring, rhs: Ring) -> Bool {
    lhs.limit == rhs.limit && lhs.elementsEqual(rhs)
  }
}

extension Ring: Sendable where Element: Sendable {}
