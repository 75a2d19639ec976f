import ChatVerify
import Testing

@Suite(.timeLimit(.minutes(10))) struct VerifySummaryTests {
  @Test func theSummaryLineCountsWhatDiffers() {
    var summary = VerifySummary()
    summary.cases = 23
    summary.renders = 92
    #expect(summary.description == "23 cases, 92 renders: all match")
    summary.differing = 2
    summary.missing = 1
    #expect(summary.description == "23 cases, 92 renders: 2 differ (1 missing)")
    summary = VerifySummary(cases: 1, renders: 4, differing: 1, unplayable: 1)
    #expect(summary.description == "1 case, 4 renders: 1 differs; 1 case cannot be played")
    summary = VerifySummary(cases: 2, renders: 8, recorded: 3)
    #expect(summary.description == "2 cases, 8 renders: 3 recorded")
  }

  @Test(
    arguments: [
      (nil, false), ("", false), ("0", false), ("false", false), ("FALSE", false), ("1", true),
      ("true", true), ("yes", true),
    ] as [(String?, Bool)])
  func ciIsDetectedFromItsVariable(value: String?, detected: Bool) {
    #expect(ContinuousIntegration.isDetected(ciValue: value) == detected)
  }
}
