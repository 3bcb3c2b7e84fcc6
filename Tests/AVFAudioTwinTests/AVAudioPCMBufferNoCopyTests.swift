#if !SPEECH_REPLAY_APPLE_FRAMEWORKS
  // `AVAudioPCMBuffer(pcmFormat:bufferListNoCopy:deallocator:)`: a buffer over the caller's memory, as
  // apps wrap a CMSampleBuffer's AudioBufferList. The deallocator's argument is a twin decision.
  import AVFAudioTwin
  import Testing

  @Suite struct AVAudioPCMBufferNoCopyTests {
    /// Counts deallocator calls and the memory each was given.
    final class Freed: @unchecked Sendable {
      var pointers: [UnsafeMutableRawPointer?] = []
    }

    @Test func theBufferReadsAndWritesTheCallersMemoryAndCallsTheDeallocatorOnce() throws {
      let format = try #require(AVAudioFormat(standardFormatWithSampleRate: 16_000, channels: 2))
      let frames = 160
      let left = UnsafeMutablePointer<Float>.allocate(capacity: frames)
      let right = UnsafeMutablePointer<Float>.allocate(capacity: frames)
      for frame in 0..<frames {
        left[frame] = Float(frame) / 1_000
        right[frame] = -Float(frame) / 1_000
      }
      let list = AudioBufferList.allocate(maximumBuffers: 2)
      defer { list.unsafeMutablePointer.deallocate() }
      list[0] = AudioBuffer(mNumberChannels: 1, mDataByteSize: UInt32(frames * 4), mData: UnsafeMutableRawPointer(left))
      list[1] = AudioBuffer(
        mNumberChannels: 1, mDataByteSize: UInt32(frames * 4), mData: UnsafeMutableRawPointer(right))
      let freed = Freed()
      do {
        let buffer = try #require(
          AVAudioPCMBuffer(pcmFormat: format, bufferListNoCopy: list.unsafePointer) { given in
            let buffers = UnsafeMutableAudioBufferListPointer(UnsafeMutablePointer(mutating: given))
            freed.pointers = buffers.map(\.mData)
            for audio in buffers { audio.mData?.deallocate() }
          })
        #expect(buffer.frameCapacity == 160)
        #expect(buffer.frameLength == 160)
        #expect(buffer.floatChannelData?[0] == left, "no copy: the channel data is the caller's memory")
        #expect(buffer.floatChannelData?[1][10] == -0.01)
        buffer.floatChannelData![0][5] = 0.5
        #expect(left[5] == 0.5, "writes through the buffer reach the caller's memory")
        right[7] = 0.25
        #expect(buffer.floatChannelData![1][7] == 0.25, "writes to the memory are seen by the buffer")
        #expect(freed.pointers.isEmpty)
      }
      #expect(
        freed.pointers == [UnsafeMutableRawPointer(left), UnsafeMutableRawPointer(right)],
        "the deallocator ran once, with the same buffers")
    }

    @Test func aListThatCannotDescribeTheFormatGivesNil() throws {
      let stereo = try #require(AVAudioFormat(standardFormatWithSampleRate: 16_000, channels: 2))
      let interleaved = try #require(
        AVAudioFormat(commonFormat: .pcmFormatInt16, sampleRate: 16_000, channels: 2, interleaved: true))
      let memory = UnsafeMutableRawPointer.allocate(byteCount: 1_280, alignment: 16)
      defer { memory.deallocate() }
      let one = AudioBufferList.allocate(maximumBuffers: 1)
      defer { one.unsafeMutablePointer.deallocate() }
      one[0] = AudioBuffer(mNumberChannels: 2, mDataByteSize: 640, mData: memory)
      // One buffer for a deinterleaved stereo format: not one per channel.
      #expect(AVAudioPCMBuffer(pcmFormat: stereo, bufferListNoCopy: one.unsafePointer) == nil)
      // The same list describes interleaved Int16 stereo: 160 frames of 4 bytes.
      #expect(AVAudioPCMBuffer(pcmFormat: interleaved, bufferListNoCopy: one.unsafePointer)?.frameLength == 160)
      let two = AudioBufferList.allocate(maximumBuffers: 2)
      defer { two.unsafeMutablePointer.deallocate() }
      two[0] = AudioBuffer(mNumberChannels: 1, mDataByteSize: 640, mData: memory)
      two[1] = AudioBuffer(mNumberChannels: 1, mDataByteSize: 320, mData: memory + 640)
      #expect(AVAudioPCMBuffer(pcmFormat: stereo, bufferListNoCopy: two.unsafePointer) == nil, "unequal byte sizes")
      two[1] = AudioBuffer(mNumberChannels: 1, mDataByteSize: 640, mData: nil)
      #expect(AVAudioPCMBuffer(pcmFormat: stereo, bufferListNoCopy: two.unsafePointer) == nil, "a buffer without data")
      two[1] = AudioBuffer(mNumberChannels: 1, mDataByteSize: 0, mData: memory + 640)
      two[0].mDataByteSize = 0
      #expect(AVAudioPCMBuffer(pcmFormat: stereo, bufferListNoCopy: two.unsafePointer) == nil, "zero bytes")
    }
  }
#endif
