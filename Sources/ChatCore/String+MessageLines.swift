extension String {
  /// The lines of a message's text (IRC's `draft/multiline`): split at each line feed, a
  /// CR LF counting as one (Swift reads it as one character, so a split at `"\n"` alone
  /// would miss it), empty lines kept. One line for text without a line feed.
  public var messageLines: [Substring] {
    split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
  }
}
