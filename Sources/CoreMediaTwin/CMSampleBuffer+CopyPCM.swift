import Foundation

/// A frame range outside the sample buffer's samples (Core Media's -12734).
public var kCMSampleBufferError_SampleIndexOutOfRange: OSStatus { -12734 }
/// The operation needs another media type, such as PCM audio (Core Media's -12741).
public var kCMSampleBufferError_InvalidMediaTypeForOperation: OSStatus { -12741 }

/// Copies `numFrames` frames of PCM, starting at `frameOffset`, from the sample buffer into the
/// caller's buffers — how apps turn capture or ScreenCaptureKit sample buffers into an
/// `AVAudioPCMBuffer` (`into: pcmBuffer.mutableAudioBufferList`) for an `AnalyzerInput`.
///
/// The list must have the sample buffer's layout (one buffer per channel when deinterleaved, one
/// when interleaved), each big enough for the frames; each buffer's `mDataByteSize` is set to the
/// bytes copied.
/// - Returns: `noErr`; `kCMSampleBufferError_InvalidMediaTypeForOperation` for a sample buffer that
///   is not linear PCM audio; `kCMSampleBufferError_BufferNotReady` before its data is set;
///   `kCMSampleBufferError_SampleIndexOutOfRange` when the frames are not all in it;
///   `kCMSampleBufferError_ArrayTooSmall` when the list's layout or sizes cannot take them
///   (**twin decision**: Apple documents the requirement, not the code).
@discardableResult
public func CMSampleBufferCopyPCMDataIntoAudioBufferList(
  _ sbuf: CMSampleBuffer, at frameOffset: Int32, frameCount numFrames: Int32,
  into bufferList: UnsafeMutablePointer<AudioBufferList>
) -> OSStatus {
  guard sbuf.isValid else { return kCMSampleBufferError_Invalidated }
  guard let description = sbuf.formatDescription, description.mediaType == kCMMediaType_Audio,
    let asbd = description.audioStreamBasicDescription, asbd.mFormatID == kAudioFormatLinearPCM
  else { return kCMSampleBufferError_InvalidMediaTypeForOperation }
  guard let block = sbuf.dataBuffer else { return kCMSampleBufferError_BufferNotReady }
  guard frameOffset >= 0, numFrames >= 0, Int(frameOffset) + Int(numFrames) <= sbuf.numSamples else {
    return kCMSampleBufferError_SampleIndexOutOfRange
  }
  let layout = PCMLayout(asbd)
  let list = UnsafeMutableAudioBufferListPointer(bufferList)
  let bytes = Int(numFrames) * layout.bytesPerFrame
  // The sample buffer's channels lie one after another in its data, as the list getter reads them.
  let perBuffer =
    layout.bufferCount == 1
    ? block.dataLength : min(block.dataLength / layout.bufferCount, layout.bytesPerBuffer(frames: sbuf.numSamples))
  guard list.count == layout.bufferCount,
    list.allSatisfy({ $0.mData != nil && Int($0.mDataByteSize) >= bytes })
  else { return kCMSampleBufferError_ArrayTooSmall }
  let offset = Int(frameOffset) * layout.bytesPerFrame
  guard offset + bytes <= perBuffer else { return kCMSampleBufferError_SampleIndexOutOfRange }
  for index in 0..<layout.bufferCount {
    list[index].mData!.copyMemory(from: block.data + index * perBuffer + offset, byteCount: bytes)
    list[index].mDataByteSize = UInt32(bytes)
  }
  return OSStatus(noErr)
}

extension CMSampleBuffer {
  /// Copies the PCM of the frames in `range` into `bufferList` (Apple's Swift overlay of
  /// ``CMSampleBufferCopyPCMDataIntoAudioBufferList(_:at:frameCount:into:)``).
  /// - Throws: An `NSError` in `NSOSStatusErrorDomain` with Core Media's status, as
  ///   ``withAudioBufferList(blockBufferMemoryAllocator:flags:body:)`` throws.
  public func copyPCMData(fromRange range: Range<Int>, into bufferList: UnsafeMutablePointer<AudioBufferList>) throws {
    guard range.lowerBound >= 0, range.upperBound <= Int(Int32.max) else {
      throw NSError(domain: NSOSStatusErrorDomain, code: Int(kCMSampleBufferError_SampleIndexOutOfRange))
    }
    let status = CMSampleBufferCopyPCMDataIntoAudioBufferList(
      self, at: Int32(range.lowerBound), frameCount: Int32(range.count), into: bufferList)
    guard status == noErr else { throw NSError(domain: NSOSStatusErrorDomain, code: Int(status)) }
  }
}
