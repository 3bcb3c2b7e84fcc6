public import SpeechShim

/// An audio format as a capture stores it: the hardware format of tap buffers, or the format the
/// analyzer asked for. Plain values, so a capture made on a device reads anywhere.
public struct CaptureFormat: Sendable, Hashable, Codable, CustomStringConvertible {
  /// Frames per second.
  public var sampleRate: Double
  /// Channels.
  public var channelCount: Int
  /// `AVAudioCommonFormat`'s raw value: 1 Float32, 2 Float64, 3 Int16, 4 Int32 (0 other).
  public var commonFormat: UInt
  /// Whether the channels are interleaved in one plane.
  public var isInterleaved: Bool

  /// Creates a format from its values.
  public init(sampleRate: Double, channelCount: Int, commonFormat: UInt, isInterleaved: Bool) {
    self.sampleRate = sampleRate
    self.channelCount = channelCount
    self.commonFormat = commonFormat
    self.isInterleaved = isInterleaved
  }

  /// The values of an `AVAudioFormat`.
  public init(_ format: AVAudioFormat) {
    self.init(
      sampleRate: format.sampleRate, channelCount: Int(format.channelCount), commonFormat: format.commonFormat.rawValue,
      isInterleaved: format.isInterleaved)
  }

  /// Bytes of one sample of one channel (0 for a format the recorder does not store).
  public var bytesPerSample: Int { Self.bytesPerSample(commonFormat) }

  /// Planes of a buffer in this format: one when interleaved (or mono), else one per channel.
  public var planeCount: Int { isInterleaved ? 1 : channelCount }

  /// Bytes of `frames` frames in this format, all planes together.
  public func byteCount(frames: Int) -> Int { frames * channelCount * bytesPerSample }

  /// The `AVAudioFormat` these values describe, or nil when the platform cannot make it.
  public var avAudioFormat: AVAudioFormat? {
    guard let common = AVAudioCommonFormat(rawValue: commonFormat) else { return nil }
    return AVAudioFormat(
      commonFormat: common, sampleRate: sampleRate, channels: AVAudioChannelCount(channelCount),
      interleaved: isInterleaved)
  }

  /// `48000 Hz, 1 ch, Float32, deinterleaved`.
  public var description: String {
    "\(sampleRate.formatted(.number.grouping(.never))) Hz, \(channelCount) ch, \(Self.sampleName(commonFormat)), \(isInterleaved ? "interleaved" : "deinterleaved")"
  }

  static func bytesPerSample(_ commonFormat: UInt) -> Int {
    switch commonFormat {
    case 1, 4: 4
    case 2: 8
    case 3: 2
    default: 0
    }
  }

  static func sampleName(_ commonFormat: UInt) -> String {
    switch commonFormat {
    case 1: "Float32"
    case 2: "Float64"
    case 3: "Int16"
    case 4: "Int32"
    default: "other(\(commonFormat))"
    }
  }
}
