/// One buffer of audio data in an ``AudioBufferList`` — Core Audio's `AudioBuffer`.
///
/// A plain C struct: it points at memory it does not own.
public struct AudioBuffer: @unchecked Sendable {
  // @unchecked: as Apple's import, a value holding a raw pointer the owner of the memory guards.
  /// Interleaved channels in the buffer (1 for each buffer of deinterleaved audio).
  public var mNumberChannels: UInt32
  /// Valid bytes at ``mData``.
  public var mDataByteSize: UInt32
  /// The samples.
  public var mData: UnsafeMutableRawPointer?

  /// All zero.
  public init() { self.init(mNumberChannels: 0, mDataByteSize: 0, mData: nil) }

  /// Every field.
  public init(mNumberChannels: UInt32, mDataByteSize: UInt32, mData: UnsafeMutableRawPointer?) {
    self.mNumberChannels = mNumberChannels
    self.mDataByteSize = mDataByteSize
    self.mData = mData
  }

  /// A buffer over typed memory (Apple's Swift overlay).
  /// - Parameters:
  ///   - typedBuffer: The samples.
  ///   - numberOfChannels: Interleaved channels in them.
  public init<Element>(_ typedBuffer: UnsafeMutableBufferPointer<Element>, numberOfChannels: Int) {
    self.init(
      mNumberChannels: UInt32(numberOfChannels),
      mDataByteSize: UInt32(typedBuffer.count * MemoryLayout<Element>.stride),
      mData: typedBuffer.baseAddress.map(UnsafeMutableRawPointer.init))
  }
}
