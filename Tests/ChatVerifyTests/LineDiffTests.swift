import ChatVerify
import Testing

@Suite(.timeLimit(.minutes(10))) struct LineDiffTests {
  @Test func editsAreTheShortestScript() {
    let edits = LineDiff.edits(["a", "b", "c", "d"], ["a", "c", "x", "d"])
    #expect(edits == [.same("a"), .removed("b"), .same("c"), .added("x"), .same("d")])
    #expect(LineDiff.edits([], []) == [])
    #expect(LineDiff.edits([], ["n"]) == [.added("n")])
    #expect(LineDiff.edits(["o"], []) == [.removed("o")])
  }

  @Test func unifiedDiffShowsContextAndSeparatesDistantHunks() {
    let old = (1...20).map { "line \($0)" }
    var new = old
    new[1] = "line two"
    new[17] = "line eighteen"
    let diff = LineDiff.unified(
      expected: old.joined(separator: "\n") + "\n", actual: new.joined(separator: "\n") + "\n",
      expectedName: "old", actualName: "new")
    #expect(
      diff == """
        --- old
        +++ new
        @@ -1,5 +1,5 @@
         line 1
        -line 2
        +line two
         line 3
         line 4
         line 5
        @@ -15,6 +15,6 @@
         line 15
         line 16
         line 17
        -line 18
        +line eighteen
         line 19
         line 20

        """)
  }

  @Test func invisibleCharactersAndAMissingFinalNewlineAreShown() {
    let diff = LineDiff.unified(
      expected: "a\u{1B}[31m\r b  \nend\n", actual: "a\u{1B}[31m\r b\nend",
      expectedName: "x", actualName: "y")
    #expect(
      diff == """
        --- x
        +++ y
        @@ -1,2 +1,2 @@
        -a␛[31m␍ b··
        -end
        +a␛[31m␍ b
        +end
        \\ No newline at end of file

        """)
  }
}
