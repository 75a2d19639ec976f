import ChatCore
import ChatRendering
import FoundationEssentials
import Testing

@testable import ScreenRenderer

/// A topic on the full screen reads as a message's text does, in the title row, the pane's
/// topic line and `/topic`'s answer: IRC formatting as styles (colour only with colour),
/// never as control pictures; hostile escapes stay stand-ins.
@Suite struct ScreenTopicTests {
  static let topic = "\u{2}release\u{2} \u{3}4day\u{F} \u{1B}[2J"

  /// #a of `twoChannels`, on a network run whose text is IRC's, with the topic set and
  /// `/topic` asked.
  static func withTopic(color: Bool) -> (ScreenGrid, AppState) {
    var (_, state) = ScreenModelTests.twoChannels()
    state.textMarkup = .ircFormatting
    var model = ScreenModel(color: color, utcOffsetSeconds: 0)
    model.start(state)
    _ = update(
      &state,
      .session(
        .topicChanged(
          ConversationName("#a"), topic: topic, by: "bob", time: ScreenModelTests.time)))
    model.note(state)
    for effect in update(
      &state, .user(.submitted(text: "/topic", id: ScreenModelTests.id(77), time: .virtualEpoch)))
    {
      if case .show(let notice) = effect { model.show(notice, in: state) }
    }
    return (model.paint(state, width: 90, height: 8).grid, state)
  }

  @Test func theTitleThePaneAndSlashTopicShowTheTopicAsAMessagesText() {
    let (grid, _) = Self.withTopic(color: false)
    let text = grid.text
    #expect(text.hasPrefix(" #a: release day ␛[2J\n"), "\(text)")
    #expect(text.contains("12:00:00 -- topic set by bob: release day ␛[2J"), "\(text)")
    #expect(text.contains("topic of #a: release day ␛[2J"), "\(text)")
    for picture in ["␂", "␃", "␏"] { #expect(!text.contains(picture), "\(text)") }
  }

  @Test func theTitlesTopicCarriesItsStylesOnTheBar() throws {
    let (grid, _) = Self.withTopic(color: true)
    let row = (0..<grid.width).map { grid[0, $0] }
    let bold = try #require(row.firstIndex { $0.character == "r" })
    #expect(row[bold].style.bold && row[bold].style.reverse, "\(row[bold])")
    let red = try #require(row.firstIndex { $0.character == "d" })
    #expect(row[red].style.foreground == 9 && row[red].style.reverse, "\(row[red])")
    let name = try #require(row.firstIndex { $0.character == "#" })
    #expect(!row[name].style.bold)
  }
}
