import Foundation

/// A count of items (samples) in Core Media.
public typealias CMItemCount = Int

/// Makes a sample buffer's data ready (Core Media's callback type; a C function pointer there, a Swift
/// closure here, since the twin's `CMSampleBuffer` is a Swift class). The twin never calls it.
public typealias CMSampleBufferMakeDataReadyCallback = (CMSampleBuffer, UnsafeMutableRawPointer?) -> OSStatus

/// Audio samples with their format and timing — the twin of Core Media's `CMSampleBuffer`, for
/// linear PCM audio (what `AVCaptureAudioDataOutput` and `AVAssetReader` hand an app).
///
/// Read it with Core Media's functions, as app code does:
///
/// ```swift
/// let frames = CMSampleBufferGetNumSamples(sampleBuffer)
/// let asbd = CMAudioFormatDescriptionGetStreamBasicDescription(CMSampleBufferGetFormatDescription(sampleBuffer)!)!.pointee
/// var list = AudioBufferList()
/// var block: CMBlockBuffer?
/// CMSampleBufferGetAudioBufferListWithRetainedBlockBuffer(
///   sampleBuffer, bufferListSizeNeededOut: nil, bufferListOut: &list, bufferListSize: MemoryLayout<AudioBufferList>.size,
///   blockBufferAllocator: nil, blockBufferMemoryAllocator: nil, flags: 0, blockBufferOut: &block)
/// ```
///
/// The samples of a deinterleaved format lie in the data buffer one channel after another.
public final class CMSampleBuffer: @unchecked Sendable {
  // @unchecked: as Apple's overlay declares; the data buffer can be set once, under `lock`.
  /// The format of the samples.
  public let formatDescription: CMFormatDescription?
  /// The number of samples (frames, for PCM).
  public let numSamples: CMItemCount
  /// The time of the first sample.
  public let presentationTimeStamp: CMTime
  private let lock = NSLock()
  private var block: CMBlockBuffer?
  /// False once invalidated (`CMSampleBufferInvalidate`).
  let validity = Validity()

  /// A flag under its own lock.
  final class Validity: @unchecked Sendable {
    // @unchecked: `valid` is read and written under `lock` only.
    private let lock = NSLock()
    private var valid = true
    func withLock<R>(_ body: (inout Bool) -> R) -> R { lock.withLock { body(&valid) } }
  }

  init(
    formatDescription: CMFormatDescription, numSamples: CMItemCount, presentationTimeStamp: CMTime,
    dataBuffer: CMBlockBuffer?
  ) {
    self.formatDescription = formatDescription
    self.numSamples = numSamples
    self.presentationTimeStamp = presentationTimeStamp
    self.block = dataBuffer
  }

  /// The media data, or nil before it was set.
  public var dataBuffer: CMBlockBuffer? { lock.withLock { block } }

  /// The duration of all samples: `numSamples / sampleRate`, in the sample rate's timescale.
  public var duration: CMTime {
    guard let rate = formatDescription?.audioStreamBasicDescription?.mSampleRate, rate > 0,
      rate <= Double(CMTimeScale.max)
    else { return .invalid }
    let framesPerPacket = max(1, Int(formatDescription?.audioStreamBasicDescription?.mFramesPerPacket ?? 1))
    return CMTime(value: CMTimeValue(numSamples * framesPerPacket), timescale: CMTimeScale(rate.rounded()))
  }

  /// Whether the data is ready (it is once a data buffer is set).
  public var dataReadiness: Bool { dataBuffer != nil }

  /// Sets the data buffer once; false when one was set already.
  func setDataBuffer(_ buffer: CMBlockBuffer) -> Bool {
    lock.withLock {
      guard block == nil else { return false }
      block = buffer
      return true
    }
  }

  /// Options of ``withAudioBufferList(blockBufferMemoryAllocator:flags:body:)``.
  public struct Flags: OptionSet, Sendable, Hashable {
    /// The bits.
    public let rawValue: UInt32
    /// Creates flags from their bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// Make every buffer's data 16-byte aligned.
    public static let audioBufferListAssure16ByteAlignment = Flags(
      rawValue: kCMSampleBufferFlag_AudioBufferList_Assure16ByteAlignment)
  }

  /// Calls `body` with the audio buffer list over the sample buffer's data (Apple's Swift overlay).
  /// - Throws: An `NSError` in `NSOSStatusErrorDomain` with Core Media's status when the list
  ///   cannot be made.
  public func withAudioBufferList<R>(
    blockBufferMemoryAllocator: CFAllocator? = kCFAllocatorDefault, flags: Flags = [],
    body: (UnsafeMutableAudioBufferListPointer, CMBlockBuffer) throws -> R
  ) throws -> R {
    var needed = 0
    CMSampleBufferGetAudioBufferListWithRetainedBlockBuffer(
      self, bufferListSizeNeededOut: &needed, bufferListOut: nil, bufferListSize: 0, blockBufferAllocator: nil,
      blockBufferMemoryAllocator: blockBufferMemoryAllocator, flags: flags.rawValue, blockBufferOut: nil)
    let raw = UnsafeMutableRawPointer.allocate(
      byteCount: max(needed, MemoryLayout<AudioBufferList>.size), alignment: MemoryLayout<AudioBufferList>.alignment)
    defer { raw.deallocate() }
    let list = raw.bindMemory(to: AudioBufferList.self, capacity: 1)
    var block: CMBlockBuffer?
    let status = CMSampleBufferGetAudioBufferListWithRetainedBlockBuffer(
      self, bufferListSizeNeededOut: nil, bufferListOut: list, bufferListSize: needed, blockBufferAllocator: nil,
      blockBufferMemoryAllocator: blockBufferMemoryAllocator, flags: flags.rawValue, blockBufferOut: &block)
    guard status == noErr, let block else { throw NSError(domain: NSOSStatusErrorDomain, code: Int(status)) }
    return try body(UnsafeMutableAudioBufferListPointer(list), block)
  }
}
