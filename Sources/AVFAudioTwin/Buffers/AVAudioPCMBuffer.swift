package import AudioPCM
import Foundation
import SimulatedDevice

/// A buffer of PCM audio with a fixed capacity — the twin of `AVAudioPCMBuffer`.
///
/// Channel data follows Apple's layout: deinterleaved buffers give one pointer per channel with a
/// ``stride`` of 1; interleaved buffers give pointers into one block, one sample apart, with a
/// stride of the channel count. Only the accessor that matches the format's sample type is non-nil.
/// ``frameLength`` starts at 0 (a twin decision; Apple leaves it undefined).
///
/// ```swift
/// let buffer = AVAudioPCMBuffer(pcmFormat: format, frameCapacity: 4096)!
/// buffer.floatChannelData![0][0] = 0.25
/// buffer.frameLength = 1
/// ```
///
/// Like Apple's, the buffer is a mutable class and not `Sendable`.
public class AVAudioPCMBuffer: AVAudioBuffer {
  /// The AudioPCM storage behind the buffer, shared with the other twins (converter, file, engine).
  package let storage: PCMBuffer
  /// One pointer per channel for interleaved buffers (Apple's layout); nil for deinterleaved ones,
  /// whose table ``storage`` already provides.
  private let interleavedChannels: UnsafeMutableRawPointer?
  /// The device whose ``SimulatedDevice/bufferMemory`` counts this buffer's samples while it lives.
  // Stored `let`s only: a method or computed property added to this non-final class takes a vtable
  // slot and moves every later member's, so a dependent module an incremental build did not
  // recompile calls the wrong member (it crashed in a capture test on a warm build).
  private let memory: BufferMemory
  /// The bytes counted there: the samples at full capacity.
  private let countedBytes: Int

  /// Creates a buffer for `frameCapacity` frames of `format`, or nil when the format has no PCM
  /// layout the twin can hold (a sample rate of 0) or the byte size would not fit in 32 bits.
  public convenience init?(pcmFormat format: AVAudioFormat, frameCapacity: AVAudioFrameCount) {
    guard let audioFormat = format.audioFormat, format.bytesPerFrame > 0,
      UInt64(frameCapacity) * UInt64(format.bytesPerFrame) <= UInt64(UInt32.max)
    else { return nil }
    self.init(adopting: PCMBuffer(format: audioFormat, frameCapacity: Int(frameCapacity)), format: format)
  }

  /// Makes AudioPCM storage an `AVAudioPCMBuffer` without copying (for the twins that produce
  /// buffers: files, converters, the microphone).
  package convenience init?(adopting storage: PCMBuffer) {
    guard let format = AVAudioFormat(storage.format) else { return nil }
    self.init(adopting: storage, format: format)
  }

  init(adopting storage: PCMBuffer, format: AVAudioFormat) {
    self.storage = storage
    let audioFormat = storage.format
    if audioFormat.isInterleaved && audioFormat.channelCount > 1 {
      let count = audioFormat.channelCount
      let table = UnsafeMutableRawPointer.allocate(
        byteCount: count * MemoryLayout<UnsafeMutableRawPointer>.stride,
        alignment: MemoryLayout<UnsafeMutableRawPointer>.alignment)
      let base = storage.rawPlane(0)
      let width = audioFormat.sampleType.byteCount
      let typed = table.bindMemory(to: UnsafeMutableRawPointer.self, capacity: count)
      for channel in 0..<count { (typed + channel).initialize(to: base + channel * width) }
      interleavedChannels = table
    } else {
      interleavedChannels = nil
    }
    memory = SimulatedDevice.current.bufferMemory
    countedBytes = storage.frameCapacity * audioFormat.channelCount * audioFormat.sampleType.byteCount
    super.init(format: format, bufferCount: storage.planeCount)
    memory.allocated(countedBytes)
    refreshBufferList()
  }

  override func refreshByteSizes() {
    let bytes = UInt32(storage.frameLength * format.bytesPerFrame)
    for plane in 0..<min(bufferList.count, storage.planeCount) { bufferList[plane].mDataByteSize = bytes }
  }

  override func refreshBufferList() {
    let bytes = UInt32(storage.frameLength * format.bytesPerFrame)
    let channelsPerBuffer = UInt32(format.isInterleaved ? Int(format.channelCount) : 1)
    bufferList.count = storage.planeCount
    for plane in 0..<storage.planeCount {
      bufferList[plane] = AudioBuffer(
        mNumberChannels: channelsPerBuffer, mDataByteSize: bytes, mData: storage.rawPlane(plane))
    }
  }

  deinit {
    memory.freed(countedBytes)
    interleavedChannels?.deallocate()
  }

  /// The number of frames the buffer holds.
  public var frameCapacity: AVAudioFrameCount { AVAudioFrameCount(storage.frameCapacity) }

  /// The number of valid frames; setting more than ``frameCapacity`` stops the program, as Apple's
  /// exception does.
  public var frameLength: AVAudioFrameCount {
    get { AVAudioFrameCount(storage.frameLength) }
    set {
      precondition(
        newValue <= frameCapacity,
        "required condition is false: length <= mFrameCapacity (frameLength \(newValue) exceeds frameCapacity \(frameCapacity))"
      )
      storage.frameLength = Int(newValue)
      refreshBufferList()
    }
  }

  /// Samples between consecutive frames of one channel: 1 deinterleaved, the channel count interleaved.
  public var stride: Int { storage.stride }

  /// Float32 channel pointers, or nil when the format is not Float32.
  public var floatChannelData: UnsafePointer<UnsafeMutablePointer<Float>>? {
    channelTable(storage.floatChannelData, as: Float.self)
  }

  /// Int16 channel pointers, or nil when the format is not Int16.
  public var int16ChannelData: UnsafePointer<UnsafeMutablePointer<Int16>>? {
    channelTable(storage.int16ChannelData, as: Int16.self)
  }

  /// Int32 channel pointers, or nil when the format is not Int32.
  public var int32ChannelData: UnsafePointer<UnsafeMutablePointer<Int32>>? {
    channelTable(storage.int32ChannelData, as: Int32.self)
  }

  private func channelTable<T>(
    _ planar: UnsafePointer<UnsafeMutablePointer<T>>?, as type: T.Type
  ) -> UnsafePointer<UnsafeMutablePointer<T>>? {
    guard let planar else { return nil }
    guard let interleavedChannels else { return planar }
    return UnsafePointer(interleavedChannels.assumingMemoryBound(to: UnsafeMutablePointer<T>.self))
  }

  /// `<AVAudioPCMBuffer: 4096/4800 frames, <AVAudioFormat: …>>` (length/capacity).
  public override var description: String {
    "<AVAudioPCMBuffer: \(frameLength)/\(frameCapacity) frames, \(format)>"
  }
}
