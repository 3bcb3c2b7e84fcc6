import Testing

#if SPEECH_REPLAY_APPLE_FRAMEWORKS
  import AVFAudio
#else
  import AVFAudioTwin
#endif

@Suite struct AVAudioPCMBufferTests {
  @Test func startsEmptyAndHoldsItsCapacity() throws {
    let format = try #require(AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 1))
    let buffer = try #require(AVAudioPCMBuffer(pcmFormat: format, frameCapacity: 4800))
    #expect(buffer.frameCapacity == 4800)
    #expect(buffer.frameLength == 0)
    buffer.frameLength = 4800
    #expect(buffer.frameLength == 4800)
    #expect(buffer.format == format)
  }

  @Test func onlyTheMatchingChannelDataIsAvailable() throws {
    let int16 = try #require(
      AVAudioFormat(commonFormat: .pcmFormatInt16, sampleRate: 16_000, channels: 1, interleaved: true))
    let buffer = try #require(AVAudioPCMBuffer(pcmFormat: int16, frameCapacity: 160))
    #expect(buffer.int16ChannelData != nil)
    #expect(buffer.floatChannelData == nil)
    #expect(buffer.int32ChannelData == nil)
  }

  @Test func deinterleavedChannelsAreSeparatePlanes() throws {
    let format = try #require(AVAudioFormat(standardFormatWithSampleRate: 44_100, channels: 2))
    let buffer = try #require(AVAudioPCMBuffer(pcmFormat: format, frameCapacity: 8))
    let channels = try #require(buffer.floatChannelData)
    #expect(buffer.stride == 1)
    channels[0][3] = 0.5
    channels[1][3] = -0.5
    #expect(channels[0][3] == 0.5 && channels[1][3] == -0.5)
    #expect(channels[1] - channels[0] >= 8, "planes do not overlap")
  }

  @Test func interleavedChannelsPointIntoOneBlockOneSampleApart() throws {
    let format = try #require(
      AVAudioFormat(commonFormat: .pcmFormatFloat32, sampleRate: 44_100, channels: 2, interleaved: true))
    let buffer = try #require(AVAudioPCMBuffer(pcmFormat: format, frameCapacity: 8))
    let channels = try #require(buffer.floatChannelData)
    #expect(buffer.stride == 2)
    #expect(channels[1] == channels[0] + 1)
    channels[1][buffer.stride * 2] = 0.75  // frame 2 of the right channel
    #expect(channels[0][5] == 0.75)
  }
}

#if !SPEECH_REPLAY_APPLE_FRAMEWORKS
  /// Twin decisions (Documentation/Twins.md), not Apple facts.
  @Suite struct AVAudioPCMBufferTwinDecisionTests {
    @Test func refusesTheAnyRateFormat() throws {
      let anyRate = try #require(
        AVAudioFormat(commonFormat: .pcmFormatInt16, sampleRate: 0, channels: 1, interleaved: true))
      #expect(AVAudioPCMBuffer(pcmFormat: anyRate, frameCapacity: 16) == nil)
    }
  }
#endif
