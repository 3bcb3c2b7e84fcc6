/// The format of a stream of audio — Core Audio's `AudioStreamBasicDescription`, field for field.
///
/// For linear PCM: one frame per packet, `mBytesPerFrame` is one sample of every channel when
/// interleaved and one sample of one channel when ``kAudioFormatFlagIsNonInterleaved`` is set.
///
/// ```swift
/// var asbd = AudioStreamBasicDescription(
///   mSampleRate: 16_000, mFormatID: kAudioFormatLinearPCM,
///   mFormatFlags: kAudioFormatFlagIsSignedInteger | kAudioFormatFlagIsPacked,
///   mBytesPerPacket: 2, mFramesPerPacket: 1, mBytesPerFrame: 2, mChannelsPerFrame: 1, mBitsPerChannel: 16, mReserved: 0)
/// let format = AVAudioFormat(streamDescription: &asbd)
/// ```
public struct AudioStreamBasicDescription: Sendable, Hashable {
  /// Frames per second.
  public var mSampleRate: Float64
  /// The data format (``kAudioFormatLinearPCM``…).
  public var mFormatID: AudioFormatID
  /// Format flags (``kAudioFormatFlagIsFloat``…).
  public var mFormatFlags: AudioFormatFlags
  /// Bytes in one packet.
  public var mBytesPerPacket: UInt32
  /// Frames in one packet (1 for PCM).
  public var mFramesPerPacket: UInt32
  /// Bytes in one frame of one buffer.
  public var mBytesPerFrame: UInt32
  /// Channels per frame.
  public var mChannelsPerFrame: UInt32
  /// Bits of one sample of one channel.
  public var mBitsPerChannel: UInt32
  /// Padding; 0.
  public var mReserved: UInt32

  /// All zero, as C's zero initialiser.
  public init() {
    self.init(
      mSampleRate: 0, mFormatID: 0, mFormatFlags: 0, mBytesPerPacket: 0, mFramesPerPacket: 0, mBytesPerFrame: 0,
      mChannelsPerFrame: 0, mBitsPerChannel: 0, mReserved: 0)
  }

  /// Every field.
  public init(
    mSampleRate: Float64, mFormatID: AudioFormatID, mFormatFlags: AudioFormatFlags, mBytesPerPacket: UInt32,
    mFramesPerPacket: UInt32,
    mBytesPerFrame: UInt32, mChannelsPerFrame: UInt32, mBitsPerChannel: UInt32, mReserved: UInt32
  ) {
    self.mSampleRate = mSampleRate
    self.mFormatID = mFormatID
    self.mFormatFlags = mFormatFlags
    self.mBytesPerPacket = mBytesPerPacket
    self.mFramesPerPacket = mFramesPerPacket
    self.mBytesPerFrame = mBytesPerFrame
    self.mChannelsPerFrame = mChannelsPerFrame
    self.mBitsPerChannel = mBitsPerChannel
    self.mReserved = mReserved
  }
}

/// Where one packet of variable-size data sits in a buffer (`AudioStreamPacketDescription`).
public struct AudioStreamPacketDescription: Sendable, Hashable {
  /// Byte offset of the packet.
  public var mStartOffset: Int64
  /// Frames in the packet, or 0 when the format's frames per packet apply.
  public var mVariableFramesInPacket: UInt32
  /// Bytes in the packet.
  public var mDataByteSize: UInt32

  /// All zero.
  public init() { self.init(mStartOffset: 0, mVariableFramesInPacket: 0, mDataByteSize: 0) }

  /// Every field.
  public init(mStartOffset: Int64, mVariableFramesInPacket: UInt32, mDataByteSize: UInt32) {
    self.mStartOffset = mStartOffset
    self.mVariableFramesInPacket = mVariableFramesInPacket
    self.mDataByteSize = mDataByteSize
  }
}
