import Testing

@testable import SpeechReplayImport

/// Where an imported result lands in the replay's script: the middle of the tap after which it
/// arrived, so the converter's look-ahead does not push it to the next tap.
@Suite struct ResultReplayTimeTests {
  /// Three 100 ms taps, then a 20 ms one.
  static let taps: [(end: Double, duration: Double)] = [(0.1, 0.1), (0.2, 0.1), (0.3, 0.1), (0.32, 0.02)]

  @Test func aResultAtATapsEndIsDueHalfwayThroughThatTap() {
    #expect(abs(CaptureImporter.replayTime(ofResultAt: 0.2, taps: Self.taps) - 0.15) < 1e-12)
    #expect(abs(CaptureImporter.replayTime(ofResultAt: 0.1, taps: Self.taps) - 0.05) < 1e-12)
    #expect(abs(CaptureImporter.replayTime(ofResultAt: 0.32, taps: Self.taps) - 0.31) < 1e-12)
  }

  @Test func aTimeNoTapEndsAtIsKept() {
    #expect(CaptureImporter.replayTime(ofResultAt: 0.25, taps: Self.taps) == 0.25)
    #expect(CaptureImporter.replayTime(ofResultAt: 0, taps: Self.taps) == 0)
    #expect(CaptureImporter.replayTime(ofResultAt: 0.5, taps: Self.taps) == 0.5)
    #expect(CaptureImporter.replayTime(ofResultAt: 0.2, taps: []) == 0.2)
  }
}
