import ChatCore

/// Events waiting for their due time: the earliest first, equal times in insertion order.
///
/// A binary heap ordered by (due time, insertion number): `schedule` and `popDue` are
/// O(log n), `nextDeadline` is O(1). It reads no clock; callers say what time it is.
///
/// Inlinable, like the standard library's own collections, so that a client module gets a
/// copy specialised for its element type: unspecialised generic code looked up type metadata
/// on every call and cost more than the heap itself.
public struct TimerQueue<Element> {
  @usableFromInline
  struct Entry {
    @usableFromInline var due: Timestamp
    @usableFromInline var order: UInt64
    @usableFromInline var element: Element

    @inlinable
    init(due: Timestamp, order: UInt64, element: Element) {
      self.due = due
      self.order = order
      self.element = element
    }

    @inlinable
    func precedes(_ other: Entry) -> Bool {
      (due, order) < (other.due, other.order)
    }
  }

  @usableFromInline var heap: [Entry] = []
  @usableFromInline var nextOrder: UInt64 = 0

  /// Creates an empty queue.
  @inlinable public init() {}

  /// How many events are waiting.
  @inlinable public var count: Int { heap.count }

  /// Whether nothing is waiting.
  @inlinable public var isEmpty: Bool { heap.isEmpty }

  /// When the earliest event is due, or nil when nothing is waiting.
  @inlinable public var nextDeadline: Timestamp? {
    // Reads the one field in place: `heap.first?.due` copied the whole entry, payload and all.
    heap.isEmpty ? nil : heap[0].due
  }

  /// The earliest event and when it is due, without removing it.
  @inlinable public var next: (due: Timestamp, element: Element)? {
    heap.first.map { ($0.due, $0.element) }
  }

  /// Adds `element`, due at `due`.
  @inlinable public mutating func schedule(_ element: Element, at due: Timestamp) {
    heap.append(Entry(due: due, order: nextOrder, element: element))
    nextOrder += 1
    siftUp(heap.count - 1)
  }

  /// Removes and returns the earliest event if it is due at or before `now`.
  @inlinable public mutating func popDue(at now: Timestamp) -> (due: Timestamp, element: Element)? {
    // The front is looked at in place and moved out, never copied: `heap.first` copied the
    // whole entry, payload and all, and putting the last entry in its place destroyed it.
    // Swapping the last entry to the front and sifting it down is the same heap as before.
    guard !heap.isEmpty, heap[0].due <= now else { return nil }
    heap.swapAt(0, heap.count &- 1)
    let first = heap.removeLast()
    if !heap.isEmpty { siftDown(0) }
    return (first.due, first.element)
  }

  @inlinable mutating func siftUp(_ start: Int) {
    var child = start
    while child > 0 {
      let parent = (child - 1) / 2
      guard heap[child].precedes(heap[parent]) else { return }
      heap.swapAt(child, parent)
      child = parent
    }
  }

  @inlinable mutating func siftDown(_ start: Int) {
    var parent = start
    while true {
      let left = 2 * parent + 1
      guard left < heap.count else { return }
      var best = left
      if left + 1 < heap.count, heap[left + 1].precedes(heap[left]) { best = left + 1 }
      guard heap[best].precedes(heap[parent]) else { return }
      heap.swapAt(best, parent)
      parent = best
    }
  }
}
