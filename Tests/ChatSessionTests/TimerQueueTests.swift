import ChatCore
import ChatSession
import Testing

@Suite(.timeLimit(.minutes(10))) struct TimerQueueTests {
  private func at(_ milliseconds: Int64) -> Timestamp {
    Timestamp.virtualEpoch.advanced(byMilliseconds: milliseconds)
  }

  @Test func eventsComeOutInDueTimeOrderAndTiesInInsertionOrder() {
    var queue = TimerQueue<String>()
    queue.schedule("c", at: at(30))
    queue.schedule("a1", at: at(10))
    queue.schedule("b", at: at(20))
    queue.schedule("a2", at: at(10))
    queue.schedule("a3", at: at(10))
    var order: [String] = []
    while let (_, element) = queue.popDue(at: at(100)) { order.append(element) }
    #expect(order == ["a1", "a2", "a3", "b", "c"])
    #expect(queue.isEmpty)
  }

  @Test func nothingComesOutBeforeItIsDue() {
    var queue = TimerQueue<Int>()
    queue.schedule(1, at: at(10))
    #expect(queue.nextDeadline == at(10))
    #expect(queue.popDue(at: at(9)) == nil)
    #expect(queue.popDue(at: at(10))?.element == 1)
    #expect(queue.nextDeadline == nil)
  }

  @Test(arguments: [1, 2, 3, 10, 257])
  func manyTiesKeepInsertionOrderAtAnySize(count: Int) {
    var queue = TimerQueue<Int>()
    for index in 0..<count { queue.schedule(index, at: at(Int64(index % 3))) }
    var popped: [(Int64, Int)] = []
    while let (due, element) = queue.popDue(at: at(5)) {
      popped.append((Timestamp.virtualEpoch.milliseconds(to: due), element))
    }
    let expected = (0..<count).map { (Int64($0 % 3), $0) }.sorted { $0 < $1 }
    #expect(popped.map(\.0) == expected.map(\.0))
    #expect(popped.map(\.1) == expected.map(\.1))
  }
}
