internal import AudioPCM

extension AVAudioPCMBuffer {
  /// Creates a buffer over the memory of a buffer list without copying the samples — how apps wrap
  /// the `AudioBufferList` of a `CMSampleBuffer` — or nil when the list cannot describe `format`.
  ///
  /// The buffer reads and writes the list's memory (it borrows it, as Apple's does); `frameCapacity`
  /// and `frameLength` are the frames the buffers hold (`mDataByteSize / bytesPerFrame`). Nil, as
  /// Apple's header lists: a format with no bytes per frame; a list with no buffers, or not one
  /// buffer per channel (deinterleaved) or one buffer (interleaved); buffers of unequal or zero byte
  /// size; a buffer without data.
  ///
  /// **Twin decision**: `deallocator` gets a list with the same buffers (the buffer's own copy of
  /// the caller's list, which may not exist any more), once, when the buffer goes away.
  /// - Parameters:
  ///   - format: The format of the samples in the list.
  ///   - bufferList: The buffers, which must outlive the PCM buffer.
  ///   - deallocator: Called when the PCM buffer is deallocated, to free the memory.
  public convenience init?(
    pcmFormat format: AVAudioFormat, bufferListNoCopy bufferList: UnsafePointer<AudioBufferList>,
    deallocator: ((UnsafePointer<AudioBufferList>) -> Void)? = nil
  ) {
    guard let audioFormat = format.audioFormat, format.bytesPerFrame > 0 else { return nil }
    let list = UnsafeMutableAudioBufferListPointer(UnsafeMutablePointer(mutating: bufferList))
    let expected = audioFormat.isInterleaved ? 1 : audioFormat.channelCount
    guard list.count == expected, list.count > 0 else { return nil }
    let bytes = list[0].mDataByteSize
    guard bytes > 0, list.allSatisfy({ $0.mDataByteSize == bytes && $0.mData != nil }) else { return nil }
    let planes = list.map { $0.mData! }
    let frames = Int(bytes) / format.bytesPerFrame
    // The caller's list may be a temporary: the deallocator gets a list of our own over the same memory.
    let copy = AudioBufferList.allocate(maximumBuffers: list.count)
    for index in 0..<list.count { copy[index] = list[index] }
    let storage = PCMBuffer(format: audioFormat, frameCapacity: frames, borrowing: planes) {
      deallocator?(UnsafePointer(copy.unsafeMutablePointer))
      copy.unsafeMutablePointer.deallocate()
    }
    self.init(adopting: storage, format: format)
  }
}
