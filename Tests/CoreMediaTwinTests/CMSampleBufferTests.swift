import Testing

// Reading PCM out of a CMSampleBuffer the way apps do. These state Core Media's behaviour: built
// with SPEECH_REPLAY_TEST_AGAINST_APPLE=1 on a Mac they run against Apple's CoreMedia.
#if SPEECH_REPLAY_APPLE_FRAMEWORKS
  import CoreMedia
#else
  import CoreMediaTwin
#endif

@Suite struct CMSampleBufferTests {
  /// A sample buffer of `frames` Int16 frames (interleaved) or Float32 frames (deinterleaved), the
  /// sample value of frame f in channel c being f + 1000 c.
  static func makeSampleBuffer(frames: Int, channels: UInt32, float: Bool, at time: CMTime) throws -> CMSampleBuffer {
    let bytesPerSample: UInt32 = float ? 4 : 2
    var asbd = AudioStreamBasicDescription(
      mSampleRate: 16_000, mFormatID: kAudioFormatLinearPCM,
      mFormatFlags: float
        ? kAudioFormatFlagIsFloat | kAudioFormatFlagIsPacked | kAudioFormatFlagIsNonInterleaved
        : kAudioFormatFlagIsSignedInteger | kAudioFormatFlagIsPacked,
      mBytesPerPacket: float ? bytesPerSample : bytesPerSample * channels, mFramesPerPacket: 1,
      mBytesPerFrame: float ? bytesPerSample : bytesPerSample * channels, mChannelsPerFrame: channels,
      mBitsPerChannel: bytesPerSample * 8, mReserved: 0)
    var description: CMAudioFormatDescription?
    #expect(
      CMAudioFormatDescriptionCreate(
        allocator: kCFAllocatorDefault, asbd: &asbd, layoutSize: 0, layout: nil, magicCookieSize: 0, magicCookie: nil,
        extensions: nil,
        formatDescriptionOut: &description) == noErr)
    let length = frames * Int(channels) * Int(bytesPerSample)
    var block: CMBlockBuffer?
    #expect(
      CMBlockBufferCreateWithMemoryBlock(
        allocator: kCFAllocatorDefault, memoryBlock: nil, blockLength: length, blockAllocator: kCFAllocatorDefault,
        customBlockSource: nil,
        offsetToData: 0, dataLength: length, flags: kCMBlockBufferAssureMemoryNowFlag, blockBufferOut: &block)
        == kCMBlockBufferNoErr)
    let dataBuffer = try #require(block)
    if float {
      var samples: [Float] = []
      for channel in 0..<Int(channels) { for frame in 0..<frames { samples.append(Float(frame + 1000 * channel)) } }
      CMBlockBufferReplaceDataBytes(
        with: samples, blockBuffer: dataBuffer, offsetIntoDestination: 0, dataLength: length)
    } else {
      var samples: [Int16] = []
      for frame in 0..<frames { for channel in 0..<Int(channels) { samples.append(Int16(frame + 1000 * channel)) } }
      CMBlockBufferReplaceDataBytes(
        with: samples, blockBuffer: dataBuffer, offsetIntoDestination: 0, dataLength: length)
    }
    var sampleBuffer: CMSampleBuffer?
    #expect(
      CMAudioSampleBufferCreateReadyWithPacketDescriptions(
        allocator: kCFAllocatorDefault, dataBuffer: dataBuffer, formatDescription: try #require(description),
        sampleCount: frames,
        presentationTimeStamp: time, packetDescriptions: nil, sampleBufferOut: &sampleBuffer) == noErr)
    return try #require(sampleBuffer)
  }

  @Test func aSampleBufferIsValidUntilInvalidatedAndThenRefusesItsData() throws {
    let sampleBuffer = try Self.makeSampleBuffer(frames: 160, channels: 1, float: false, at: .zero)
    #expect(sampleBuffer.isValid)
    #expect(CMSampleBufferIsValid(sampleBuffer))
    try sampleBuffer.invalidate()
    #expect(!sampleBuffer.isValid)
    #expect(!CMSampleBufferIsValid(sampleBuffer))
    var list = AudioBufferList()
    var block: CMBlockBuffer?
    let status = CMSampleBufferGetAudioBufferListWithRetainedBlockBuffer(
      sampleBuffer, bufferListSizeNeededOut: nil, bufferListOut: &list,
      bufferListSize: MemoryLayout<AudioBufferList>.size,
      blockBufferAllocator: nil, blockBufferMemoryAllocator: nil, flags: 0, blockBufferOut: &block)
    #expect(status == kCMSampleBufferError_Invalidated)
    #expect(kCMSampleBufferError_Invalidated == -12744)
    #expect(block == nil)
  }

  @Test func countTimingAndFormatAreWhatTheBufferWasMadeWith() throws {
    let start = CMTime(value: 8_000, timescale: 16_000)
    let sampleBuffer = try Self.makeSampleBuffer(frames: 1_600, channels: 1, float: false, at: start)
    #expect(CMSampleBufferGetNumSamples(sampleBuffer) == 1_600)
    #expect(CMSampleBufferGetPresentationTimeStamp(sampleBuffer) == start)
    #expect(CMSampleBufferGetDuration(sampleBuffer) == CMTime(value: 1, timescale: 10))
    let description = try #require(CMSampleBufferGetFormatDescription(sampleBuffer))
    let asbd = try #require(CMAudioFormatDescriptionGetStreamBasicDescription(description)).pointee
    #expect(asbd.mSampleRate == 16_000)
    #expect(asbd.mFormatID == kAudioFormatLinearPCM)
    #expect(asbd.mChannelsPerFrame == 1)
  }

  @Test func theBufferListOfInterleavedInt16IsOneBufferOfAllChannels() throws {
    let sampleBuffer = try Self.makeSampleBuffer(frames: 100, channels: 2, float: false, at: .zero)
    var list = AudioBufferList()
    var block: CMBlockBuffer?
    let status = CMSampleBufferGetAudioBufferListWithRetainedBlockBuffer(
      sampleBuffer, bufferListSizeNeededOut: nil, bufferListOut: &list,
      bufferListSize: MemoryLayout<AudioBufferList>.size,
      blockBufferAllocator: nil, blockBufferMemoryAllocator: nil,
      flags: kCMSampleBufferFlag_AudioBufferList_Assure16ByteAlignment,
      blockBufferOut: &block)
    #expect(status == noErr)
    #expect(block != nil)
    #expect(list.mNumberBuffers == 1)
    #expect(list.mBuffers.mNumberChannels == 2)
    #expect(list.mBuffers.mDataByteSize == 400)
    let samples = try #require(list.mBuffers.mData).assumingMemoryBound(to: Int16.self)
    #expect([samples[0], samples[1], samples[198], samples[199]] == [0, 1000, 99, 1099])
  }

  @Test func aDeinterleavedBufferNeedsALargerListAndGivesOneBufferPerChannel() throws {
    let sampleBuffer = try Self.makeSampleBuffer(frames: 50, channels: 2, float: true, at: .zero)
    var needed = 0
    var small = AudioBufferList()
    let tooSmall = CMSampleBufferGetAudioBufferListWithRetainedBlockBuffer(
      sampleBuffer, bufferListSizeNeededOut: &needed, bufferListOut: &small,
      bufferListSize: MemoryLayout<AudioBufferList>.size,
      blockBufferAllocator: nil, blockBufferMemoryAllocator: nil, flags: 0, blockBufferOut: nil)
    #expect(tooSmall == kCMSampleBufferError_ArrayTooSmall)
    #expect(needed >= MemoryLayout<AudioBufferList>.size + MemoryLayout<AudioBuffer>.stride)
    let list = AudioBufferList.allocate(maximumBuffers: 2)
    defer { list.unsafeMutablePointer.deallocate() }
    var block: CMBlockBuffer?
    let status = CMSampleBufferGetAudioBufferListWithRetainedBlockBuffer(
      sampleBuffer, bufferListSizeNeededOut: nil, bufferListOut: list.unsafeMutablePointer, bufferListSize: needed,
      blockBufferAllocator: nil, blockBufferMemoryAllocator: nil, flags: 0, blockBufferOut: &block)
    #expect(status == noErr)
    #expect(list.count == 2)
    let right = try #require(list[1].mData).assumingMemoryBound(to: Float.self)
    #expect(list[1].mDataByteSize == 200)
    #expect([right[0], right[49]] == [1000, 1049])
  }
}
