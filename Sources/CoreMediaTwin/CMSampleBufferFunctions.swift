/// Make every buffer of the list 16-byte aligned.
public var kCMSampleBufferFlag_AudioBufferList_Assure16ByteAlignment: UInt32 { 1 << 0 }
/// A required parameter was nil (-12731).
public var kCMSampleBufferError_RequiredParameterMissing: OSStatus { -12731 }
/// The sample buffer already has a data buffer (-12732).
public var kCMSampleBufferError_AlreadyHasDataBuffer: OSStatus { -12732 }
/// The data is not ready (-12733).
public var kCMSampleBufferError_BufferNotReady: OSStatus { -12733 }
/// The list passed in is too small (-12737).
public var kCMSampleBufferError_ArrayTooSmall: OSStatus { -12737 }
/// The sample data does not fit the format (-12742).
public var kCMSampleBufferError_InvalidSampleData: OSStatus { -12742 }

/// The number of samples in the buffer.
public func CMSampleBufferGetNumSamples(_ sbuf: CMSampleBuffer) -> CMItemCount { sbuf.numSamples }

/// The presentation time of the first sample.
public func CMSampleBufferGetPresentationTimeStamp(_ sbuf: CMSampleBuffer) -> CMTime { sbuf.presentationTimeStamp }

/// The duration of all samples.
public func CMSampleBufferGetDuration(_ sbuf: CMSampleBuffer) -> CMTime { sbuf.duration }

/// The format description of the samples.
public func CMSampleBufferGetFormatDescription(_ sbuf: CMSampleBuffer) -> CMFormatDescription? {
  sbuf.formatDescription
}

/// The block buffer holding the samples, or nil before it is set.
public func CMSampleBufferGetDataBuffer(_ sbuf: CMSampleBuffer) -> CMBlockBuffer? { sbuf.dataBuffer }

/// Whether the data is ready.
public func CMSampleBufferDataIsReady(_ sbuf: CMSampleBuffer) -> Bool { sbuf.dataReadiness }

/// Creates an audio sample buffer whose data is ready.
/// - Returns: `noErr`, or `kCMSampleBufferError_InvalidSampleData` when the block buffer holds
///   fewer bytes than `sampleCount` frames of the format need.
@discardableResult
public func CMAudioSampleBufferCreateReadyWithPacketDescriptions(
  allocator: CFAllocator?, dataBuffer: CMBlockBuffer, formatDescription: CMAudioFormatDescription,
  sampleCount: CMItemCount,
  presentationTimeStamp: CMTime, packetDescriptions: UnsafePointer<AudioStreamPacketDescription>?,
  sampleBufferOut: UnsafeMutablePointer<CMSampleBuffer?>
) -> OSStatus {
  guard sampleCount > 0 else { return kCMSampleBufferError_RequiredParameterMissing }
  if let asbd = formatDescription.audioStreamBasicDescription, asbd.mFormatID == kAudioFormatLinearPCM,
    dataBuffer.dataLength < PCMLayout(asbd).bytesPerBuffer(frames: sampleCount) * PCMLayout(asbd).bufferCount
  {
    return kCMSampleBufferError_InvalidSampleData
  }
  sampleBufferOut.pointee = CMSampleBuffer(
    formatDescription: formatDescription, numSamples: sampleCount, presentationTimeStamp: presentationTimeStamp,
    dataBuffer: dataBuffer)
  return OSStatus(noErr)
}

/// Creates an audio sample buffer, with or without its data; without, set it later with
/// ``CMSampleBufferSetDataBufferFromAudioBufferList(_:blockBufferAllocator:blockBufferMemoryAllocator:flags:bufferList:)``.
@discardableResult
public func CMAudioSampleBufferCreateWithPacketDescriptions(
  allocator: CFAllocator?, dataBuffer: CMBlockBuffer?, dataReady: Bool,
  makeDataReadyCallback: CMSampleBufferMakeDataReadyCallback?,
  refcon: UnsafeMutableRawPointer?, formatDescription: CMAudioFormatDescription, sampleCount: CMItemCount,
  presentationTimeStamp: CMTime,
  packetDescriptions: UnsafePointer<AudioStreamPacketDescription>?,
  sampleBufferOut: UnsafeMutablePointer<CMSampleBuffer?>
) -> OSStatus {
  guard sampleCount > 0 else { return kCMSampleBufferError_RequiredParameterMissing }
  sampleBufferOut.pointee = CMSampleBuffer(
    formatDescription: formatDescription, numSamples: sampleCount, presentationTimeStamp: presentationTimeStamp,
    dataBuffer: dataBuffer)
  return OSStatus(noErr)
}

/// Copies the buffers of `bufferList` into a new block buffer and makes it the sample buffer's data.
/// - Returns: `noErr`; `kCMSampleBufferError_AlreadyHasDataBuffer` when data was set before;
///   `kCMSampleBufferError_InvalidSampleData` when a buffer is smaller than the samples need.
@discardableResult
public func CMSampleBufferSetDataBufferFromAudioBufferList(
  _ sbuf: CMSampleBuffer, blockBufferAllocator blockBufferStructureAllocator: CFAllocator?,
  blockBufferMemoryAllocator blockBufferBlockAllocator: CFAllocator?, flags: UInt32,
  bufferList: UnsafePointer<AudioBufferList>
) -> OSStatus {
  guard sbuf.dataBuffer == nil else { return kCMSampleBufferError_AlreadyHasDataBuffer }
  guard let asbd = sbuf.formatDescription?.audioStreamBasicDescription else {
    return kCMSampleBufferError_RequiredParameterMissing
  }
  let layout = PCMLayout(asbd)
  let perBuffer = layout.bytesPerBuffer(frames: sbuf.numSamples)
  let buffers = UnsafeMutableAudioBufferListPointer(UnsafeMutablePointer(mutating: bufferList))
  guard buffers.count == layout.bufferCount,
    buffers.allSatisfy({ Int($0.mDataByteSize) >= perBuffer && $0.mData != nil })
  else {
    return kCMSampleBufferError_InvalidSampleData
  }
  var block: CMBlockBuffer?
  let status = CMBlockBufferCreateWithMemoryBlock(
    allocator: nil, memoryBlock: nil, blockLength: perBuffer * layout.bufferCount, blockAllocator: nil,
    customBlockSource: nil, offsetToData: 0,
    dataLength: perBuffer * layout.bufferCount, flags: 0, blockBufferOut: &block)
  guard status == noErr, let block else { return status }
  for (index, buffer) in buffers.enumerated() {
    (block.data + index * perBuffer).copyMemory(from: buffer.mData!, byteCount: perBuffer)
  }
  return sbuf.setDataBuffer(block) ? OSStatus(noErr) : kCMSampleBufferError_AlreadyHasDataBuffer
}

/// Fills `bufferListOut` with buffers that point into the sample buffer's data and hands back the
/// block buffer that owns it.
///
/// A deinterleaved format gives one buffer per channel, an interleaved one a single buffer. Called
/// with `bufferListOut` nil it only reports the size the list needs.
/// - Returns: `noErr`; `kCMSampleBufferError_ArrayTooSmall` when `bufferListSize` is smaller than
///   the list needs (ask with `bufferListSizeNeededOut`); `kCMSampleBufferError_BufferNotReady`
///   before the data is set.
@discardableResult
public func CMSampleBufferGetAudioBufferListWithRetainedBlockBuffer(
  _ sbuf: CMSampleBuffer, bufferListSizeNeededOut: UnsafeMutablePointer<Int>?,
  bufferListOut: UnsafeMutablePointer<AudioBufferList>?,
  bufferListSize: Int, blockBufferAllocator blockBufferStructureAllocator: CFAllocator?,
  blockBufferMemoryAllocator blockBufferBlockAllocator: CFAllocator?, flags: UInt32,
  blockBufferOut: UnsafeMutablePointer<CMBlockBuffer?>?
) -> OSStatus {
  guard sbuf.isValid else { return kCMSampleBufferError_Invalidated }
  guard let asbd = sbuf.formatDescription?.audioStreamBasicDescription else {
    return kCMSampleBufferError_RequiredParameterMissing
  }
  let layout = PCMLayout(asbd)
  let needed = AudioBufferList.sizeInBytes(maximumBuffers: layout.bufferCount)
  bufferListSizeNeededOut?.pointee = needed
  guard let bufferListOut else { return OSStatus(noErr) }
  guard bufferListSize >= needed else { return kCMSampleBufferError_ArrayTooSmall }
  guard let block = sbuf.dataBuffer else { return kCMSampleBufferError_BufferNotReady }
  let perBuffer =
    layout.bufferCount == 1
    ? block.dataLength : min(block.dataLength / layout.bufferCount, layout.bytesPerBuffer(frames: sbuf.numSamples))
  let list = UnsafeMutableAudioBufferListPointer(bufferListOut)
  list.count = layout.bufferCount
  for index in 0..<layout.bufferCount {
    list[index] = AudioBuffer(
      mNumberChannels: layout.channelsPerBuffer, mDataByteSize: UInt32(perBuffer), mData: block.data + index * perBuffer
    )
  }
  blockBufferOut?.pointee = block
  return OSStatus(noErr)
}

/// How linear PCM of a stream description lies in buffers.
struct PCMLayout {
  let bufferCount: Int
  let channelsPerBuffer: UInt32
  let bytesPerFrame: Int

  init(_ asbd: AudioStreamBasicDescription) {
    let deinterleaved = asbd.mFormatFlags & kAudioFormatFlagIsNonInterleaved != 0
    bufferCount = deinterleaved ? max(1, Int(asbd.mChannelsPerFrame)) : 1
    channelsPerBuffer = deinterleaved ? 1 : asbd.mChannelsPerFrame
    bytesPerFrame = Int(asbd.mBytesPerFrame)
  }

  func bytesPerBuffer(frames: Int) -> Int { frames * bytesPerFrame }
}
