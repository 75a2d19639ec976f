import ChatCore

/// Events waiting for their due time: the earliest first, equal times in insertion order.
///
/// A binary heap ordered by (due time, insertion number): `schedule` and `popDue` are
/// O(log n), `nextDeadline` is O(1). It reads no clock; callers say what time it is.
public struct TimerQueue<Element> {
  private struct Entry {
    var due: Timestamp
    var order: UInt64
    var element: Element

    func precedes(_ other: Entry) -> Bool {
      (due, order) < (other.due, other.order)
    }
  }

  private var heap: [Entry] = []
  private var nextOrder: UInt64 = 0

  /// Creates an empty queue.
  public init() {}

  /// How many events are waiting.
  public var count: Int { heap.count }

  /// Whether nothing is waiting.
  public var isEmpty: Bool { heap.isEmpty }

  /// When the earliest event is due, or nil when nothing is waiting.
  public var nextDeadline: Timestamp? { heap.first?.due }

  /// The earliest event and when it is due, without removing it.
  public var next: (due: Timestamp, element: Element)? {
    heap.first.map { ($0.due, $0.element) }
  }

  /// Adds `element`, due at `due`.
  public mutating func schedule(_ element: Element, at due: Timestamp) {
    heap.append(Entry(due: due, order: nextOrder, element: element))
    nextOrder += 1
    siftUp(heap.count - 1)
  }

  /// Removes and returns the earliest event if it is due at or before `now`.
  public mutating func popDue(at now: Timestamp) -> (due: Timestamp, element: Element)? {
    guard let first = heap.first, first.due <= now else { return nil }
    let last = heap.removeLast()
    if !heap.isEmpty {
      heap[0] = last
      siftDown(0)
    }
    return (first.due, first.element)
  }

  private mutating func siftUp(_ start: Int) {
    var child = start
    while child > 0 {
      let parent = (child - 1) / 2
      guard heap[child].precedes(heap[parent]) else { return }
      heap.swapAt(child, parent)
      child = parent
    }
  }

  private mutating func siftDown(_ start: Int) {
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
