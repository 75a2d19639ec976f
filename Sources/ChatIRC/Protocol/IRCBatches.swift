/// The batches the server has open (`BATCH +ref type …` to `BATCH -ref`).
struct IRCBatches: Hashable, Sendable {
  /// The most batches open at once; a server opening more has the extra ones ignored.
  static let cap = 64

  struct Batch: Hashable, Sendable {
    var type: String
    var parent: String?
    var label: String?
  }

  private var open: [String: Batch] = [:]

  /// Opens `reference`; false when it is already open or too many are.
  mutating func start(_ reference: String, type: String, parent: String?, label: String?) -> Bool {
    guard open[reference] == nil, open.count < Self.cap else { return false }
    open[reference] = Batch(
      type: type, parent: parent.flatMap { open[$0] == nil ? nil : $0 }, label: label)
    return true
  }

  mutating func end(_ reference: String) {
    open[reference] = nil
  }

  mutating func removeAll() {
    open.removeAll()
  }

  /// Whether a line in batch `reference` is history: it or a batch around it is
  /// `chathistory` (or the draft name of it).
  /// Walks the chain without gathering it: every line of a history batch asks, two or
  /// three times, and an array a question cost an allocation each.
  func isHistory(_ reference: String?) -> Bool {
    var next = reference
    var depth = 0
    while let current = next, let batch = open[current], depth < Self.cap {
      if batch.type == "chathistory" || batch.type == "draft/chathistory" { return true }
      next = batch.parent
      depth += 1
    }
    return false
  }

  /// The label of the labeled response that batch `reference` is in, if any.
  func label(_ reference: String?) -> String? {
    enclosing(reference).lazy.compactMap(\.label).first
  }

  /// The batch and those around it, innermost first. Parents are opened before their
  /// children, so the chain has no cycle; its length is bounded by `cap` anyway.
  private func enclosing(_ reference: String?) -> [Batch] {
    var chain: [Batch] = []
    var next = reference
    while let current = next, let batch = open[current], chain.count < Self.cap {
      chain.append(batch)
      next = batch.parent
    }
    return chain
  }
}
