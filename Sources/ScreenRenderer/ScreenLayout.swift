/// Where each part of the screen goes, for a terminal of `width` × `height`:
///
///     #room: the topic                                        ← title row
///     1.server  │12:00:01 <bob> hi                  │@alice
///     2.#room   │12:00:02 <alice> hello             │ bob
///               │                                   │
///     [alice] [connected] [Act: 3]                            ← status row
///     [#room] typed text                                      ← input row
///
/// The buffer list (left) shows when it is wanted and the terminal has at least
/// `bufferListMinimumWidth` columns; the nick list (right) when it is wanted, the active
/// conversation has members, and there are `nickListMinimumWidth` columns. Each takes a fixed
/// width, its separator included.
public struct ScreenLayout: Equatable, Sendable {
  /// A rectangle of cells.
  public struct Region: Equatable, Sendable {
    /// Its first row.
    public var row: Int
    /// Its first column.
    public var column: Int
    /// Its columns.
    public var width: Int
    /// Its rows.
    public var height: Int
  }

  /// Columns the buffer list takes, its separator included.
  public static let bufferListWidth = 16
  /// Columns the nick list takes, its separator included.
  public static let nickListWidth = 16
  /// The narrowest terminal that shows the buffer list.
  public static let bufferListMinimumWidth = 60
  /// The narrowest terminal that shows the nick list (beside the buffer list's columns).
  public static let nickListMinimumWidth = 80

  /// The whole terminal's columns.
  public let width: Int
  /// The whole terminal's rows.
  public let height: Int
  /// The title row.
  public let titleRow: Int
  /// The status row.
  public let statusRow: Int
  /// The input row.
  public let inputRow: Int
  /// The active conversation's messages.
  public let messages: Region
  /// The buffer list, when shown (its separator is its last column).
  public let bufferList: Region?
  /// The nick list, when shown (its separator is its first column).
  public let nickList: Region?

  /// Lays out a terminal of `width` × `height` (each at least 1).
  public init(width: Int, height: Int, showsBufferList: Bool, showsNickList: Bool) {
    self.width = max(1, width)
    self.height = max(1, height)
    inputRow = self.height - 1
    statusRow = max(0, self.height - 2)
    titleRow = 0
    let top = min(1, self.height)
    let rows = max(0, self.height - 3)
    let left = showsBufferList && self.width >= Self.bufferListMinimumWidth
    let right = showsNickList && self.width >= Self.nickListMinimumWidth
    bufferList = left ? Region(row: top, column: 0, width: Self.bufferListWidth, height: rows) : nil
    nickList =
      right
      ? Region(
        row: top, column: self.width - Self.nickListWidth, width: Self.nickListWidth, height: rows)
      : nil
    let start = left ? Self.bufferListWidth : 0
    let end = right ? self.width - Self.nickListWidth : self.width
    messages = Region(row: top, column: start, width: max(0, end - start), height: rows)
  }
}
