/// A description of linear PCM audio: sample rate, channel count, sample type and layout.
///
/// The "standard" format is Float32, non-interleaved (planar), which is what Apple's
/// `AVAudioFormat` calls standard. Counting is in frames everywhere: one frame holds one
/// sample for each channel.
///
/// ```swift
/// let format = try AudioFormat(sampleRate: 16_000, channelCount: 1, sampleType: .int16, isInterleaved: true)
/// print(format)  // 16000 Hz, 1 ch, Int16, interleaved
/// ```
public struct AudioFormat: Hashable, Sendable, CustomStringConvertible {
  /// Frames per second; always finite and greater than zero.
  public let sampleRate: Double
  /// Number of channels in one frame; always at least one.
  public let channelCount: Int
  /// The type of one sample.
  public let sampleType: SampleType
  /// Whether the channels of a frame are stored next to each other (`true`) or in one plane
  /// per channel (`false`, planar).
  public let isInterleaved: Bool

  /// The largest channel count accepted; libsndfile's own limit is 1024.
  public static let maximumChannelCount = 1024

  /// Creates a format after checking that it describes playable audio.
  ///
  /// - Parameters:
  ///   - sampleRate: Frames per second; must be finite and greater than zero.
  ///   - channelCount: Channels per frame, 1 through ``maximumChannelCount``.
  ///   - sampleType: The type of one sample.
  ///   - isInterleaved: `true` for interleaved storage, `false` for one plane per channel.
  /// - Throws: ``AudioFormatError`` when the rate or channel count is out of range.
  public init(sampleRate: Double, channelCount: Int, sampleType: SampleType, isInterleaved: Bool) throws {
    guard sampleRate.isFinite, sampleRate > 0 else {
      throw AudioFormatError(
        code: .invalidSampleRate,
        message: "sample rate \(sampleRate) Hz is not usable; give a rate greater than 0, such as 16000 or 48000")
    }
    guard (1...Self.maximumChannelCount).contains(channelCount) else {
      throw AudioFormatError(
        code: .invalidChannelCount,
        message: "channel count \(channelCount) is not usable; give 1 through \(Self.maximumChannelCount) channels")
    }
    self.sampleRate = sampleRate
    self.channelCount = channelCount
    self.sampleType = sampleType
    self.isInterleaved = isInterleaved
  }

  /// Creates the standard format (Float32, planar) with the given rate and channel count.
  ///
  /// - Parameters:
  ///   - sampleRate: Frames per second; must be finite and greater than zero.
  ///   - channelCount: Channels per frame, 1 through ``maximumChannelCount``.
  /// - Returns: A Float32 planar format.
  /// - Throws: ``AudioFormatError`` when the rate or channel count is out of range.
  public static func standard(sampleRate: Double, channelCount: Int) throws -> AudioFormat {
    try AudioFormat(sampleRate: sampleRate, channelCount: channelCount, sampleType: .float32, isInterleaved: false)
  }

  /// Whether this is the standard format: Float32 samples in one plane per channel.
  public var isStandard: Bool { sampleType == .float32 && !isInterleaved }

  /// Bytes in one frame of one buffer plane: all channels when interleaved, one channel when planar.
  public var bytesPerFramePerPlane: Int {
    sampleType.byteCount * (isInterleaved ? channelCount : 1)
  }

  /// The same format with other fields replaced.
  ///
  /// - Parameters:
  ///   - sampleRate: The new rate, or `nil` to keep this one.
  ///   - channelCount: The new channel count, or `nil` to keep this one.
  ///   - sampleType: The new sample type, or `nil` to keep this one.
  ///   - isInterleaved: The new layout, or `nil` to keep this one.
  /// - Returns: The changed format.
  /// - Throws: ``AudioFormatError`` when a new value is out of range.
  public func with(
    sampleRate: Double? = nil, channelCount: Int? = nil, sampleType: SampleType? = nil, isInterleaved: Bool? = nil
  ) throws -> AudioFormat {
    try AudioFormat(
      sampleRate: sampleRate ?? self.sampleRate, channelCount: channelCount ?? self.channelCount,
      sampleType: sampleType ?? self.sampleType, isInterleaved: isInterleaved ?? self.isInterleaved)
  }

  /// A short description such as `48000 Hz, 1 ch, Float32, planar`.
  public var description: String {
    let rate = sampleRate == sampleRate.rounded() ? String(Int(sampleRate)) : String(sampleRate)
    return "\(rate) Hz, \(channelCount) ch, \(sampleType), \(isInterleaved ? "interleaved" : "planar")"
  }
}
