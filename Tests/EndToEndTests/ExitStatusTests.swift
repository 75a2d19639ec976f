import ChatCore
import Foundation
import IRCTestRequirements
import Testing

/// The exit statuses `chat --help`, the README and the command-line article list are the ones
/// the code exits with: `ExitStatus`, the one list every exit is made from, and 128+N.
@Suite(.ownThread, .timeLimit(.minutes(10))) struct ExitStatusTests {
  /// What the code can exit with, as the documents write it.
  static let statuses =
    Set(ExitStatus.allCases.map { "\($0.rawValue)" }).union(["\(ExitStatus.signalBase)+N"])

  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  @Test func theHelpListsEveryStatusTheCodeExitsWithAndNoOther() throws {
    let result = try BinaryRunner.run(["--help"])
    #expect(result.status == 0)
    let help = result.output
    let section = try #require(help.range(of: "EXIT STATUS:")).upperBound
    let paragraph = help[section...].replacingOccurrences(of: "\n", with: " ")
    // Each item starts the paragraph or follows ", ", a number (or 128+N) and a space.
    let item = try Regex(#"(?:^ |, )(\d+(?:\+N)?) "#, as: (Substring, Substring).self)
    let listed = paragraph.matches(of: item).map { String($0.output.1) }
    #expect(Set(listed) == Self.statuses, "\(paragraph)")
    #expect(listed.count == Self.statuses.count, "each once")
    #expect(
      paragraph.contains(
        "75 a message failed or was never sent (with a server: piped or in line mode)"))
  }

  @Test func theCommandLineArticlesTableListsExactlyThem() throws {
    let article = try String(
      contentsOf: Self.root.appendingPathComponent(
        "Sources/ChatCommandLine/Documentation.docc/CommandLine.md"), encoding: .utf8)
    let section = try #require(article.range(of: "## Exit statuses\n")).upperBound
    #expect(Set(Self.tableStatuses(article[section...])) == Self.statuses)
  }

  /// The README's table also holds `chat verify`'s own status, 1.
  @Test func theReadmesTableListsThemAndVerifysOwn() throws {
    let readme = try String(
      contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
    let section = try #require(readme.range(of: "## Exit statuses\n")).upperBound
    let end = readme[section...].range(of: "\n## ")?.lowerBound ?? readme.endIndex
    #expect(Set(Self.tableStatuses(readme[section..<end])) == Self.statuses.union(["1"]))
  }

  /// The first cell of each row of the first table in `text`.
  static func tableStatuses(_ text: Substring) -> [String] {
    var statuses: [String] = []
    var inTable = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      guard line.hasPrefix("|") else {
        if inTable { break }
        continue
      }
      inTable = true
      let cell = line.split(separator: "|").first.map { $0.trimmingCharacters(in: .whitespaces) }
      if let cell, cell.first?.isNumber == true { statuses.append(cell) }
    }
    return statuses
  }
}
