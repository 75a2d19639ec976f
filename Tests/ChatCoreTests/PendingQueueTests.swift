import ChatCore
import Testing

@Suite(.timeLimit(.minutes(10))) struct PendingQueueTests {
  @Test func removingKeepsTheOrderOfTheRestWhereverTheElementIs() {
    for removed in 0..<10 {
      var queue = PendingQueue(0..<10)
      #expect(queue.removeFirst { $0 == removed } == removed)
      #expect(Array(queue) == (0..<10).filter { $0 != removed })
    }
  }

  @Test func behavesLikeAnArrayUnderAMixOfAppendsAndRemovals() {
    var queue = PendingQueue<Int>()
    var array: [Int] = []
    var generator = SystemRandomNumberGenerator()
    for step in 0..<5000 {
      if array.isEmpty || Bool.random(using: &generator) {
        queue.append(step)
        array.append(step)
      } else {
        // Mostly the front, as echoes come back; sometimes a little further in.
        let position = min(array.count - 1, Int.random(in: 0...3, using: &generator))
        let target = array[position]
        #expect(queue.removeFirst { $0 == target } == target)
        array.remove(at: position)
      }
      #expect(queue.count == array.count)
    }
    #expect(Array(queue) == array)
    #expect(queue.removeFirst { $0 == -1 } == nil)
  }

  @Test func equalityComparesElementsOnly() {
    var drained: PendingQueue = [1, 2, 3]
    _ = drained.removeFirst { $0 == 1 }
    #expect(drained == [2, 3])
    #expect(drained[0] == 2)
  }
}

@Suite(.timeLimit(.minutes(10))) struct PendingQueueAppendCountTests {
  @Test func countsWhatWasAppendedSinceALookWhateverWasRemoved() {
    var queue = PendingQueue<Int>()
    queue.append(0)
    let seen = queue.appendedCount
    queue.append(1)
    queue.append(2)
    _ = queue.removeFirst { $0 == 1 }  // A newer one leaves while the older one waits.
    #expect(queue.countAppended(after: seen) == 1)
    _ = queue.removeFirst { $0 == 0 }
    #expect(queue.countAppended(after: seen) == 1)
    #expect(queue.countAppended(after: queue.appendedCount) == 0)
  }

  @Test func appendNumbersSurviveCompaction() {
    var queue = PendingQueue(0..<200)
    for value in 0..<150 { _ = queue.removeFirst { $0 == value } }
    let seen = queue.appendedCount
    queue.append(200)
    #expect(queue.countAppended(after: seen) == 1)
    #expect(queue.countAppended(after: 0) == 51)
  }
}
