/// Things waiting in arrival order: the outbox, the echoes awaiting a reply.
///
/// Appending is O(1), and so is removing the front element, which is what usually happens:
/// echoes and replies come back in the order messages went out. Removing the element at
/// position k costs O(k), since only the elements in front of it move. An array shifted
/// everything behind the removed element instead, which made a live run with thousands of
/// messages in flight quadratic.
///
/// Inlinable, so other modules iterating it get code specialised for the element type.
public struct PendingQueue<Element>: RandomAccessCollection {
  @usableFromInline var storage: [Element] = []
  /// Beside each element of `storage`: how many were appended before it, so a reader can tell
  /// what arrived since it last looked whatever was removed meanwhile.
  @usableFromInline var appendNumbers: [Int] = []
  /// Elements of `storage` before this index have been removed.
  @usableFromInline var head = 0
  /// How many elements have ever been appended.
  @usableFromInline var appended = 0

  /// Creates an empty queue.
  @inlinable public init() {}

  /// Creates a queue holding `elements`, the first of them at the front.
  @inlinable public init(_ elements: some Sequence<Element>) {
    storage = Array(elements)
    appendNumbers = Array(0..<storage.count)
    appended = storage.count
  }

  /// How many elements have ever been appended.
  @inlinable public var appendedCount: Int { appended }

  /// How many of the elements appended after the first `count` are still waiting. They are the
  /// last ones, in order; O(result).
  @inlinable public func countAppended(after count: Int) -> Int {
    var index = storage.count
    while index > head, appendNumbers[index - 1] >= count { index -= 1 }
    return storage.count - index
  }

  @inlinable public var startIndex: Int { 0 }
  @inlinable public var endIndex: Int { storage.count - head }

  /// A read accessor: a caller that only looks at an element borrows it in place.
  @inlinable public subscript(position: Int) -> Element {
    _read { yield storage[head + position] }
  }

  /// Adds `element` at the back. O(1) amortised.
  @inlinable public mutating func append(_ element: consuming Element) {
    storage.append(element)
    appendNumbers.append(appended)
    appended += 1
  }

  /// Removes and returns the first element that satisfies `predicate`, keeping the order of
  /// the rest. O(k) for the element at position k.
  @inlinable public mutating func removeFirst(where predicate: (Element) -> Bool) -> Element? {
    // The front, what usually comes back, is looked at in place before any search.
    guard head < storage.count else { return nil }
    let position: Int
    if predicate(storage[head]) {
      position = 0
    } else {
      // The front was looked at: the search starts after it.
      guard let found = storage[(head + 1)...].firstIndex(where: predicate) else { return nil }
      position = found - head
    }
    var index = head + position
    let element = storage[index]
    while index > head {
      storage[index] = storage[index - 1]
      appendNumbers[index] = appendNumbers[index - 1]
      index -= 1
    }
    head += 1
    if head == 1, storage.count == 1 {
      // The one element there was (a message in flight, one at a time): taken off the end,
      // which halves what taking it costs against `removeAll(keepingCapacity:)`'s generic
      // call.
      storage.removeLast()
      appendNumbers.removeLast()
      head = 0
    } else if head == storage.count {
      storage.removeAll(keepingCapacity: true)
      appendNumbers.removeAll(keepingCapacity: true)
      head = 0
    } else if head >= 64, head * 2 >= storage.count {
      storage.removeFirst(head)
      appendNumbers.removeFirst(head)
      head = 0
    }
    return element
  }

  /// Removes everything.
  @inlinable public mutating func removeAll() {
    storage.removeAll(keepingCapacity: true)
    appendNumbers.removeAll(keepingCapacity: true)
    head = 0
  }
}

extension PendingQueue: Equatable where Element: Equatable {
  @inlinable public static func == (lhs: Self, rhs: Self) -> Bool { lhs.elementsEqual(rhs) }
}

extension PendingQueue: Sendable where Element: Sendable {}

extension PendingQueue: ExpressibleByArrayLiteral {
  @inlinable public init(arrayLiteral elements: Element...) {
    self.init(elements)
  }
}
