import ChatIRC
import Foundation
import Testing

/// The reference article's table of requested capabilities is the code's own list: a
/// capability asked for without a row, or a row for one never asked for, fails here.
struct IRCv3SupportTableTests {
  static let article = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources/ChatIRC/Documentation.docc/IRCv3Support.md")

  @Test func theRequestedCapabilitiesTableIsTheClientsList() throws {
    let text = try String(contentsOf: Self.article, encoding: .utf8)
    let table = try #require(Self.rows(under: "## Capabilities chat requests", in: text))
    let requested = IRCClient.Configuration.chatCapabilities + ["sasl"]
    #expect(table.sorted() == requested.sorted())
    #expect(Set(table).count == table.count, "a capability has two rows")
  }

  @Test func theRowsAreReadFromTheirTableOnly() {
    let text = """
      ## One
      | capability | what |
      |---|---|
      | `a` | x |
      | `b-c/d` | y |

      ## Two
      | capability | what |
      |---|---|
      | `e` | z |
      """
    #expect(Self.rows(under: "## One", in: text) == ["a", "b-c/d"])
    #expect(Self.rows(under: "## Two", in: text) == ["e"])
    #expect(Self.rows(under: "## Three", in: text) == nil)
  }

  /// The names in backticks that start the rows of the first table under `heading`.
  static func rows(under heading: String, in text: String) -> [String]? {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard let start = lines.firstIndex(where: { $0 == heading }) else { return nil }
    var names: [String] = []
    for line in lines[(start + 1)...] {
      if line.hasPrefix("#") { break }
      guard line.hasPrefix("| `") else { continue }
      let name = line.dropFirst(3).prefix { $0 != "`" }
      names.append(String(name))
    }
    return names
  }
}
