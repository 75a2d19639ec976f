extension IRCClient {
  /// What the histories replayed on rejoining told of the lines a lost link left
  /// unconfirmed, over the client's life.
  public struct Reconciled: Hashable, Sendable {
    /// Found in the history: delivered.
    public var found = 0
    /// Absent from a history that reaches back before them: failed as not arrived.
    public var absent = 0
    /// No history, or one that could not tell: failed as maybe arrived.
    public var undecided = 0

    /// Counts, none by default.
    public init(found: Int = 0, absent: Int = 0, undecided: Int = 0) {
      self.found = found
      self.absent = absent
      self.undecided = undecided
    }
  }

  /// What the histories replayed on rejoining told of lines left unconfirmed by lost links.
  public var reconciled: Reconciled { delivery.reconciliation.counts }
}
