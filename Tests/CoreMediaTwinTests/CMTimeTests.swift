import Testing

// These tests state Core Media's behaviour. Built with SPEECH_REPLAY_TEST_AGAINST_APPLE=1 on a Mac
// they run against Apple's CoreMedia instead of the twin (see Documentation/Twins.md).
#if SPEECH_REPLAY_APPLE_FRAMEWORKS
  import CoreMedia
#else
  import CoreMediaTwin
#endif

@Suite struct CMTimeTests {
  @Test func comparesByValueAcrossTimescales() {
    #expect(CMTime(value: 1, timescale: 2) == CMTime(value: 2, timescale: 4))
    #expect(CMTime(value: 24_000, timescale: 16_000) == CMTime(seconds: 1.5, preferredTimescale: 1000))
    #expect(CMTime(value: 1, timescale: 3) < CMTime(value: 1, timescale: 2))
    #expect(CMTime(value: 16_001, timescale: 16_000) > CMTime(value: 1, timescale: 1))
    #expect(CMTimeCompare(CMTime(value: 3, timescale: 9), CMTime(value: 1, timescale: 3)) == 0)
  }

  @Test func equalTimesHashEqually() {
    let times: Set<CMTime> = [CMTime(value: 1, timescale: 2), CMTime(value: 8_000, timescale: 16_000)]
    #expect(times.count == 1)
  }

  @Test func nonNumericTimesFollowCoreMediaOrder() {
    let ordered: [CMTime] = [
      .negativeInfinity, CMTime(value: -5, timescale: 1), .zero,
      CMTime(value: 5, timescale: 1), .indefinite, .positiveInfinity, .invalid,
    ]
    for (earlier, later) in zip(ordered, ordered.dropFirst()) {
      #expect(earlier < later, "\(earlier) should sort before \(later)")
    }
    #expect(CMTime.invalid == CMTime())
    #expect(!CMTime.invalid.isValid)
    #expect(CMTime.indefinite.isValid && !CMTime.indefinite.isNumeric)
  }

  @Test func greaterEpochIsLater() {
    let early = CMTime(value: 100, timescale: 1, flags: .valid, epoch: 0)
    let late = CMTime(value: 1, timescale: 1, flags: .valid, epoch: 1)
    #expect(early < late)
  }

  @Test func secondsOfSpecialTimes() {
    #expect(CMTime.invalid.seconds.isNaN)
    #expect(CMTime.indefinite.seconds.isNaN)
    #expect(CMTime.positiveInfinity.seconds == .infinity)
    #expect(CMTime.negativeInfinity.seconds == -.infinity)
    #expect(CMTime(value: 12_000, timescale: 16_000).seconds == 0.75)
  }

  @Test func nonPositiveTimescaleIsInvalid() {
    #expect(!CMTime(value: 1, timescale: 0).isValid)
    #expect(!CMTime(seconds: 1, preferredTimescale: 0).isValid)
    #expect(!CMTime(seconds: .nan, preferredTimescale: 600).isValid)
  }

  @Test func secondsInitializerRoundsAndMarksIt() {
    let third = CMTime(seconds: 1.0 / 3.0, preferredTimescale: 1000)
    #expect(third.value == 333)
    #expect(third.timescale == 1000)
    #expect(third.hasBeenRounded)
    #expect(!CMTime(seconds: 0.5, preferredTimescale: 1000).hasBeenRounded)
  }

  @Test func sumUsesTheLeastCommonMultipleTimescale() {
    let sum = CMTime(value: 1, timescale: 6) + CMTime(value: 1, timescale: 4)
    #expect(sum.timescale == 12)
    #expect(sum.value == 5)
    let same = CMTime(value: 16_000, timescale: 16_000) + CMTime(value: 4_800, timescale: 16_000)
    #expect(same.timescale == 16_000 && same.value == 20_800)
    let difference = CMTime(value: 3, timescale: 2) - CMTime(value: 1, timescale: 3)
    #expect(difference == CMTime(value: 7, timescale: 6))
  }

  @Test func sumWithHugeUnrelatedTimescalesCapsAndRounds() {
    let sum = CMTime(value: 1, timescale: 1_000_003) + CMTime(value: 1, timescale: 999_983)
    #expect(sum.timescale <= 0x7fff_ffff)
    #expect(sum.hasBeenRounded)
    #expect(abs(sum.seconds - (1.0 / 1_000_003 + 1.0 / 999_983)) < 1e-9)
  }

  @Test func arithmeticWithSpecialTimes() {
    let one = CMTime(value: 1, timescale: 1)
    #expect((CMTime.positiveInfinity + one).isPositiveInfinity)
    #expect((one - CMTime.positiveInfinity).isNegativeInfinity)
    #expect(!(CMTime.positiveInfinity + CMTime.negativeInfinity).isValid)
    #expect((CMTime.indefinite + one).isIndefinite)
    #expect(!(CMTime.invalid + one).isValid)
  }

  @Test func overflowingProductHalvesTheTimescale() {
    let big = CMTime(value: Int64.max / 2, timescale: 1_000_000)
    let product = CMTimeMultiply(big, multiplier: 4)
    #expect(product.isNumeric)
    #expect(product.timescale < 1_000_000)
    #expect(product.hasBeenRounded)
    #expect(abs(product.seconds / big.seconds - 4) < 1e-6)
  }

  @Test func convertScaleRoundsAsAsked() {
    let t = CMTime(value: 5, timescale: 3)  // 1.666… s
    #expect(t.convertScale(10, method: .roundHalfAwayFromZero).value == 17)
    #expect(t.convertScale(10, method: .roundTowardZero).value == 16)
    #expect(CMTime(value: -5, timescale: 3).convertScale(10, method: .roundTowardNegativeInfinity).value == -17)
    #expect(CMTime(value: -5, timescale: 3).convertScale(10, method: .roundTowardPositiveInfinity).value == -16)
  }

  @Test func audioSampleTimeConversion() {
    // The conversion Apple's AnalyzerInput documentation recommends for AVAudioTime sample times.
    let time = CMTime(value: 48_000 * 3, timescale: CMTimeScale(48_000.0))
    #expect(time == CMTime(value: 3, timescale: 1))
    #expect(time.seconds == 3)
  }
}
