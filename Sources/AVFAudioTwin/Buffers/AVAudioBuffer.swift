import Foundation

/// A buffer of audio in some format — the twin of `AVAudioBuffer`, the base class of
/// ``AVAudioPCMBuffer``.
public class AVAudioBuffer: NSObject {
  /// The format of the audio.
  public let format: AVAudioFormat
  /// The Core Audio buffer list over the buffer's memory, one buffer per plane.
  let bufferList: UnsafeMutableAudioBufferListPointer

  init(format: AVAudioFormat, bufferCount: Int) {
    self.format = format
    self.bufferList = AudioBufferList.allocate(maximumBuffers: max(1, bufferCount))
  }

  deinit { bufferList.unsafeMutablePointer.deallocate() }

  /// The buffer's audio as a Core Audio buffer list: one buffer per channel for deinterleaved
  /// formats, one for interleaved ones, each `mDataByteSize` covering the valid frames.
  public var audioBufferList: UnsafePointer<AudioBufferList> { UnsafePointer(mutableAudioBufferList) }

  /// The same list, writable: write samples through `mData`, then set the PCM buffer's
  /// `frameLength` (the list's sizes follow it). Pointers the caller stores in the list stay
  /// until the next `frameLength` change.
  public var mutableAudioBufferList: UnsafeMutablePointer<AudioBufferList> {
    refreshByteSizes()
    return bufferList.unsafeMutablePointer
  }

  /// Points the list at the buffer's memory and sets its sizes; subclasses fill it.
  func refreshBufferList() {}

  /// Brings the list's byte sizes up to date with the valid frames; subclasses fill it.
  func refreshByteSizes() {}
}
