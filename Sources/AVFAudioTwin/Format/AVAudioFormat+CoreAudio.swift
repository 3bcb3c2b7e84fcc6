import Foundation

extension AVAudioFormat {
  /// The format as Core Audio describes it; the pointer lives as long as the format.
  public var streamDescription: UnsafePointer<AudioStreamBasicDescription> { UnsafePointer(asbdStorage) }

  /// Creates a format from a Core Audio stream description, or nil when it is not linear PCM the
  /// twin holds: native-endian Float32, Float64, signed Int16 or Int32, one or two channels.
  /// (Apple returns a format with ``AVAudioCommonFormat/otherFormat`` for other PCM, such as 24-bit
  /// integers; the twin cannot carry those samples.)
  /// - Parameter asbd: The stream description.
  public convenience init?(streamDescription asbd: UnsafePointer<AudioStreamBasicDescription>) {
    let description = asbd.pointee
    let flags = description.mFormatFlags
    guard description.mFormatID == kAudioFormatLinearPCM, flags & kAudioFormatFlagIsBigEndian == 0 else { return nil }
    let common: AVAudioCommonFormat
    switch (flags & kAudioFormatFlagIsFloat != 0, description.mBitsPerChannel) {
    case (true, 32): common = .pcmFormatFloat32
    case (true, 64): common = .pcmFormatFloat64
    case (false, 16) where flags & kAudioFormatFlagIsSignedInteger != 0: common = .pcmFormatInt16
    case (false, 32) where flags & kAudioFormatFlagIsSignedInteger != 0: common = .pcmFormatInt32
    default: return nil
    }
    self.init(
      commonFormat: common, sampleRate: description.mSampleRate, channels: description.mChannelsPerFrame,
      interleaved: flags & kAudioFormatFlagIsNonInterleaved == 0)
  }

  /// Creates a format from a settings dictionary (the keys of ``settings``), or nil when the
  /// settings do not describe linear PCM the twin holds. Missing keys: 16-bit integer, interleaved,
  /// little-endian.
  /// - Parameter settings: ``AVFormatIDKey`` (linear PCM), ``AVSampleRateKey``,
  ///   ``AVNumberOfChannelsKey``, and optionally ``AVLinearPCMBitDepthKey``,
  ///   ``AVLinearPCMIsFloatKey``, ``AVLinearPCMIsNonInterleaved``, ``AVLinearPCMIsBigEndianKey``.
  public convenience init?(settings: [String: Any]) {
    func number(_ key: String) -> Double? {
      switch settings[key] {
      case let value as Int: Double(value)
      case let value as Double: value
      case let value as Float: Double(value)
      case let value as UInt32: Double(value)
      case let value as NSNumber: value.doubleValue
      default: nil
      }
    }
    func flag(_ key: String) -> Bool? {
      switch settings[key] {
      case let value as Bool: value
      case let value as NSNumber: value.boolValue
      default: nil
      }
    }
    guard number(AVFormatIDKey).map({ AudioFormatID(exactly: $0) == kAudioFormatLinearPCM }) ?? false,
      let rate = number(AVSampleRateKey),
      let channels = number(AVNumberOfChannelsKey).flatMap({ AVAudioChannelCount(exactly: $0) }),
      flag(AVLinearPCMIsBigEndianKey) != true
    else { return nil }
    let isFloat = flag(AVLinearPCMIsFloatKey) ?? false
    let common: AVAudioCommonFormat
    switch (isFloat, Int(number(AVLinearPCMBitDepthKey) ?? (isFloat ? 32 : 16))) {
    case (true, 32): common = .pcmFormatFloat32
    case (true, 64): common = .pcmFormatFloat64
    case (false, 16): common = .pcmFormatInt16
    case (false, 32): common = .pcmFormatInt32
    default: return nil
    }
    self.init(
      commonFormat: common, sampleRate: rate, channels: channels,
      interleaved: !(flag(AVLinearPCMIsNonInterleaved) ?? false))
  }

  /// The Core Audio description of a PCM format.
  static func streamDescription(
    _ format: AVAudioCommonFormat, sampleRate: Double, channels: AVAudioChannelCount, interleaved: Bool
  ) -> AudioStreamBasicDescription {
    let isFloat = format == .pcmFormatFloat32 || format == .pcmFormatFloat64
    var flags = (isFloat ? kAudioFormatFlagIsFloat : kAudioFormatFlagIsSignedInteger) | kAudioFormatFlagIsPacked
    if !interleaved { flags |= kAudioFormatFlagIsNonInterleaved }
    let bytesPerFrame = UInt32(format.bytesPerSample) * (interleaved ? channels : 1)
    return AudioStreamBasicDescription(
      mSampleRate: sampleRate, mFormatID: kAudioFormatLinearPCM, mFormatFlags: flags, mBytesPerPacket: bytesPerFrame,
      mFramesPerPacket: 1,
      mBytesPerFrame: bytesPerFrame, mChannelsPerFrame: channels, mBitsPerChannel: UInt32(format.bytesPerSample * 8),
      mReserved: 0)
  }
}
