import Testing

#if SPEECH_REPLAY_APPLE_FRAMEWORKS
  import CoreMedia
#else
  import CoreMediaTwin
#endif

/// The C macro names of the Swift overlay answer as the properties they stand for.
@Suite struct CoreMediaMacroFunctionTests {
  @Test func timeMacrosReadTheFlags() {
    let rounded = CMTimeConvertScale(CMTime(value: 1, timescale: 3), timescale: 10, method: .roundHalfAwayFromZero)
    #expect(CMTIME_IS_VALID(.zero) && !CMTIME_IS_VALID(.invalid) && CMTIME_IS_INVALID(.invalid))
    #expect(CMTIME_IS_NUMERIC(.zero) && !CMTIME_IS_NUMERIC(.indefinite) && !CMTIME_IS_NUMERIC(.positiveInfinity))
    #expect(CMTIME_IS_INDEFINITE(.indefinite) && !CMTIME_IS_INDEFINITE(.zero))
    #expect(CMTIME_IS_POSITIVEINFINITY(.positiveInfinity) && !CMTIME_IS_POSITIVEINFINITY(.negativeInfinity))
    #expect(CMTIME_IS_NEGATIVEINFINITY(.negativeInfinity) && !CMTIME_IS_NEGATIVEINFINITY(.zero))
    #expect(CMTIME_HAS_BEEN_ROUNDED(rounded) && !CMTIME_HAS_BEEN_ROUNDED(CMTime(value: 1, timescale: 3)))
  }

  @Test func rangeMacrosReadValidityEmptinessAndIndefiniteness() {
    let second = CMTime(value: 1, timescale: 1)
    let negative = CMTimeRange(start: .zero, duration: CMTime(value: -1, timescale: 1))
    #expect(CMTIMERANGE_IS_VALID(CMTimeRange(start: .zero, duration: second)))
    #expect(!CMTIMERANGE_IS_VALID(negative) && CMTIMERANGE_IS_INVALID(negative) && CMTIMERANGE_IS_INVALID(.invalid))
    #expect(CMTIMERANGE_IS_EMPTY(.zero) && !CMTIMERANGE_IS_EMPTY(CMTimeRange(start: .zero, duration: second)))
    #expect(CMTIMERANGE_IS_INDEFINITE(CMTimeRange(start: .zero, duration: .indefinite)))
    #expect(!CMTIMERANGE_IS_INDEFINITE(.zero))
  }
}
