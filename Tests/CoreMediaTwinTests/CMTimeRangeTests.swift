import Testing

#if SPEECH_REPLAY_APPLE_FRAMEWORKS
  import CoreMedia
#else
  import CoreMediaTwin
#endif

@Suite struct CMTimeRangeTests {
  let second = CMTime(value: 1, timescale: 1)

  @Test func containsItsStartButNotItsEnd() {
    let range = CMTimeRange(start: second, duration: CMTime(value: 16_000, timescale: 16_000))
    #expect(range.containsTime(second))
    #expect(range.containsTime(CMTime(value: 31_999, timescale: 16_000)))
    #expect(!range.containsTime(range.end))
    #expect(!range.containsTime(CMTime(value: 15_999, timescale: 16_000)))
  }

  @Test func startEndInitializerComputesTheDuration() {
    let range = CMTimeRange(start: CMTime(value: 1, timescale: 2), end: CMTime(value: 2, timescale: 1))
    #expect(range.duration == CMTime(value: 3, timescale: 2))
    #expect(range.end == CMTime(value: 2, timescale: 1))
  }

  @Test func validityAndEmptiness() {
    #expect(CMTimeRange.zero.isValid && CMTimeRange.zero.isEmpty)
    #expect(!CMTimeRange.invalid.isValid)
    let negative = CMTimeRange(start: second, duration: CMTime(value: -1, timescale: 1))
    #expect(!negative.isValid)
    #expect(!negative.containsTime(second))
  }

  @Test func consecutiveRangesDoNotOverlap() {
    let first = CMTimeRange(start: .zero, end: second)
    let next = CMTimeRange(start: second, end: CMTime(value: 2, timescale: 1))
    #expect(first.intersection(next).isEmpty)
    #expect(first.union(next) == CMTimeRange(start: .zero, end: CMTime(value: 2, timescale: 1)))
    #expect(!first.containsTime(next.start))
  }

  @Test func intersectionAndContainment() {
    let outer = CMTimeRange(start: .zero, duration: CMTime(value: 10, timescale: 1))
    let inner = CMTimeRange(start: CMTime(value: 2, timescale: 1), duration: CMTime(value: 3, timescale: 1))
    #expect(outer.containsTimeRange(inner))
    #expect(!inner.containsTimeRange(outer))
    #expect(outer.intersection(inner) == inner)
    let overlapping = CMTimeRange(start: CMTime(value: 4, timescale: 1), duration: CMTime(value: 10, timescale: 1))
    #expect(
      inner.intersection(overlapping)
        == CMTimeRange(start: CMTime(value: 4, timescale: 1), end: CMTime(value: 5, timescale: 1)))
  }

  @Test func equalityIsNumeric() {
    let a = CMTimeRange(start: CMTime(value: 1, timescale: 2), duration: CMTime(value: 1, timescale: 4))
    let b = CMTimeRange(
      start: CMTime(value: 8_000, timescale: 16_000), duration: CMTime(value: 4_000, timescale: 16_000))
    #expect(a == b)
  }
}
