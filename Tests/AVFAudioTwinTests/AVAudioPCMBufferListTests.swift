import Testing

// A PCM buffer seen as Core Audio's buffer list. These state Apple's behaviour: built with
// SPEECH_REPLAY_TEST_AGAINST_APPLE=1 on a Mac they run against AVFAudio.
#if SPEECH_REPLAY_APPLE_FRAMEWORKS
  import AVFAudio
#else
  import AVFAudioTwin
#endif

@Suite struct AVAudioPCMBufferListTests {
  @Test func aDeinterleavedBufferHasOneAudioBufferPerChannelOverItsChannelData() throws {
    let format = try #require(AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 2))
    let buffer = try #require(AVAudioPCMBuffer(pcmFormat: format, frameCapacity: 480))
    buffer.frameLength = 100
    let list = UnsafeMutableAudioBufferListPointer(buffer.mutableAudioBufferList)
    #expect(list.count == 2)
    for (channel, audio) in list.enumerated() {
      #expect(audio.mNumberChannels == 1)
      #expect(audio.mDataByteSize == 400)
      #expect(audio.mData == UnsafeMutableRawPointer(buffer.floatChannelData![channel]))
    }
  }

  @Test func anInterleavedBufferHasOneAudioBufferAndWritesThroughItAreSeen() throws {
    let format = try #require(
      AVAudioFormat(commonFormat: .pcmFormatInt16, sampleRate: 16_000, channels: 2, interleaved: true))
    let buffer = try #require(AVAudioPCMBuffer(pcmFormat: format, frameCapacity: 160))
    buffer.frameLength = 160
    let list = UnsafeMutableAudioBufferListPointer(buffer.mutableAudioBufferList)
    #expect(list.count == 1)
    #expect(list[0].mNumberChannels == 2)
    #expect(list[0].mDataByteSize == 640)
    let samples = list[0].mData!.assumingMemoryBound(to: Int16.self)
    samples[0] = 1_234
    samples[1] = -1_234
    #expect(buffer.int16ChannelData![0][0] == 1_234)
    #expect(buffer.int16ChannelData![1][0] == -1_234)
    #expect(buffer.audioBufferList.pointee.mNumberBuffers == 1)
  }

  @Test func anAllocatedListHasRoomForItsBuffers() {
    let list = AudioBufferList.allocate(maximumBuffers: 3)
    defer { list.unsafeMutablePointer.deallocate() }
    #expect(list.count == 3)
    #expect(
      AudioBufferList.sizeInBytes(maximumBuffers: 3) >= MemoryLayout<AudioBufferList>.size + 2
        * MemoryLayout<AudioBuffer>.stride)
    var floats: [Float] = [1, 2, 3]
    floats.withUnsafeMutableBufferPointer { pointer in
      list[2] = AudioBuffer(pointer, numberOfChannels: 1)
      #expect(list[2].mDataByteSize == 12)
      #expect(list[2].mData?.assumingMemoryBound(to: Float.self)[2] == 3)
    }
  }
}
