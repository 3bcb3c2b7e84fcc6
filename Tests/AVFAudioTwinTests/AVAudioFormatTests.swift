import Testing

#if SPEECH_REPLAY_APPLE_FRAMEWORKS
  import AVFAudio
#else
  import AVFAudioTwin
#endif

@Suite struct AVAudioFormatTests {
  @Test func analyzerFormatIsNotTheMicrophoneFormat() throws {
    let analyzer = try #require(
      AVAudioFormat(commonFormat: .pcmFormatInt16, sampleRate: 16_000, channels: 1, interleaved: true))
    let microphone = try #require(AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 1))
    let sameRateFloat = try #require(AVAudioFormat(standardFormatWithSampleRate: 16_000, channels: 1))
    #expect(analyzer != microphone)
    // Comparing only rate and channels misses the sample-type difference (speech-api.md pitfall 2).
    #expect(analyzer.sampleRate == sameRateFloat.sampleRate && analyzer.channelCount == sameRateFloat.channelCount)
    #expect(analyzer != sameRateFloat)
  }

  @Test func standardFormatIsDeinterleavedFloat32() throws {
    let format = try #require(AVAudioFormat(standardFormatWithSampleRate: 44_100, channels: 2))
    #expect(format.isStandard)
    #expect(format.commonFormat == .pcmFormatFloat32)
    #expect(!format.isInterleaved)
    let interleaved = try #require(
      AVAudioFormat(commonFormat: .pcmFormatFloat32, sampleRate: 44_100, channels: 2, interleaved: true))
    #expect(!interleaved.isStandard)
  }

  @Test func interleavingDoesNotMatterForMono() throws {
    let a = try #require(
      AVAudioFormat(commonFormat: .pcmFormatInt16, sampleRate: 16_000, channels: 1, interleaved: true))
    let b = try #require(
      AVAudioFormat(commonFormat: .pcmFormatInt16, sampleRate: 16_000, channels: 1, interleaved: false))
    #expect(a == b)
    #expect(a.hash == b.hash)
    let stereoA = try #require(
      AVAudioFormat(commonFormat: .pcmFormatInt16, sampleRate: 16_000, channels: 2, interleaved: true))
    let stereoB = try #require(
      AVAudioFormat(commonFormat: .pcmFormatInt16, sampleRate: 16_000, channels: 2, interleaved: false))
    #expect(stereoA != stereoB)
  }

  @Test func invalidFormatsAreRefused() {
    #expect(AVAudioFormat(commonFormat: .pcmFormatFloat32, sampleRate: 48_000, channels: 0, interleaved: false) == nil)
    #expect(AVAudioFormat(commonFormat: .otherFormat, sampleRate: 48_000, channels: 1, interleaved: false) == nil)
    #expect(AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 3) == nil)
  }
}

@Suite struct AVAudioTimeTests {
  @Test func sampleTimeConvertsToCMTimeAsAppleRecommends() {
    let time = AVAudioTime(sampleTime: 96_000, atRate: 48_000)
    #expect(time.isSampleTimeValid && !time.isHostTimeValid)
    #expect(Double(time.sampleTime) / time.sampleRate == 2)
  }

  @Test func extrapolatesHostTimeFromAnAnchor() throws {
    let anchor = AVAudioTime(hostTime: AVAudioTime.hostTime(forSeconds: 10), sampleTime: 0, atRate: 48_000)
    let later = AVAudioTime(sampleTime: 24_000, atRate: 48_000)
    let full = try #require(later.extrapolateTime(fromAnchor: anchor))
    #expect(full.isHostTimeValid && full.isSampleTimeValid)
    #expect(abs(AVAudioTime.seconds(forHostTime: full.hostTime) - 10.5) < 1e-6)
  }

  @Test func extrapolatesSampleTimeFromAnAnchor() throws {
    let anchor = AVAudioTime(hostTime: AVAudioTime.hostTime(forSeconds: 1), sampleTime: 4_800, atRate: 48_000)
    let later = AVAudioTime(hostTime: AVAudioTime.hostTime(forSeconds: 2))
    let full = try #require(later.extrapolateTime(fromAnchor: anchor))
    #expect(full.sampleTime == 52_800)
  }
}
