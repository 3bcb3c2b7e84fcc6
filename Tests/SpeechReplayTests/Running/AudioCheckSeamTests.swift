import SimulatedDevice
import Testing

@testable import SpeechReplay

/// What the audio check reports beside a loss: short repeats and garbled runs at the seams of a
/// drop belong to it, and garbled runs under one comparison block are no finding at all.
@Suite struct AudioCheckSeamTests {
  static let rate = AudioConservation.rate

  static func problem(_ kind: AudioProblem.Kind, _ from: Double, _ to: Double) -> AudioProblem {
    AudioProblem(kind, analyzer: "analyzer 1", span: Int(from * rate)..<Int(to * rate))
  }

  @Test func shortProblemsAtTheSeamsOfALossAreFoldedIntoIt() {
    let lost = [Int(1.042 * Self.rate)..<Int(1.142 * Self.rate)]
    let atSeam = Self.problem(.foreign, 0.922, 0.962)
    let farAway = Self.problem(.tooLoud, 3.0, 3.06)
    let long = Self.problem(.silenced, 1.142, 1.542)
    let kept = AudioJudgement.outsideLossSeams([atSeam, farAway, long], lost: lost, rate: Self.rate)
    #expect(kept == [farAway, long])
    #expect(AudioJudgement.outsideLossSeams([atSeam], lost: [], rate: Self.rate) == [atSeam], "no loss, no seam")
  }

  @Test func garbledRunsUnderOneComparisonBlockAreNotReported() {
    let edge = Self.problem(.tooQuiet, 0.5, 0.50025)
    let real = [Self.problem(.foreign, 1.0, 1.03), Self.problem(.foreign, 2.0, 2.02)]
    #expect(AudioJudgement.overOneBlock([edge] + real, rate: Self.rate) == real)
  }
}
