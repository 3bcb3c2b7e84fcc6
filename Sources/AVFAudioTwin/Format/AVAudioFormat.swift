import Foundation

/// An immutable description of PCM audio — sample rate, channels, sample type, layout — the twin of
/// `AVAudioFormat`.
///
/// Equality is functional, as on Apple platforms: two formats are equal when they describe the same
/// samples, and interleaving does not matter for mono. The "standard" format is deinterleaved
/// Float32.
///
/// ```swift
/// let analyzerFormat = AVAudioFormat(commonFormat: .pcmFormatInt16, sampleRate: 16_000, channels: 1, interleaved: true)!
/// let micFormat = AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 1)!
/// micFormat == analyzerFormat   // false: the analyzer would hear nothing
/// ```
public final class AVAudioFormat: NSObject, @unchecked Sendable {
  /// Frames per second; 0 means "any rate" in a module's compatible formats.
  public let sampleRate: Double
  /// Channels per frame.
  public let channelCount: AVAudioChannelCount
  /// The sample type.
  public let commonFormat: AVAudioCommonFormat
  /// True when channels alternate sample by sample in one block.
  public let isInterleaved: Bool
  /// The Core Audio form of the format, kept for ``streamDescription``'s pointer.
  let asbdStorage: UnsafeMutablePointer<AudioStreamBasicDescription>
  /// ``description``, made once: the analyzer's trace names the format of every buffer.
  private let text: String

  /// Creates a PCM format, or nil when it is not valid.
  ///
  /// Returns nil for ``AVAudioCommonFormat/otherFormat``, zero channels, more than two channels
  /// (Apple requires a channel layout then; layouts are not mirrored) and a negative or non-finite
  /// sample rate. A rate of 0 is "any rate", as modules report when the rate does not matter.
  public init?(
    commonFormat format: AVAudioCommonFormat, sampleRate: Double, channels: AVAudioChannelCount, interleaved: Bool
  ) {
    guard format != .otherFormat, (1...2).contains(channels), sampleRate >= 0, sampleRate.isFinite else { return nil }
    self.sampleRate = sampleRate
    self.channelCount = channels
    self.commonFormat = format
    self.isInterleaved = interleaved
    self.asbdStorage = .allocate(capacity: 1)
    asbdStorage.initialize(
      to: Self.streamDescription(format, sampleRate: sampleRate, channels: channels, interleaved: interleaved))
    self.text = Self.describe(format, sampleRate: sampleRate, channels: channels, interleaved: interleaved)
  }

  deinit { asbdStorage.deallocate() }

  /// Creates the standard format — deinterleaved Float32 — or nil for an invalid rate or channel count.
  public convenience init?(standardFormatWithSampleRate sampleRate: Double, channels: AVAudioChannelCount) {
    self.init(commonFormat: .pcmFormatFloat32, sampleRate: sampleRate, channels: channels, interleaved: false)
  }

  /// True for deinterleaved native-endian Float32.
  public var isStandard: Bool { commonFormat == .pcmFormatFloat32 && !isInterleaved }

  /// The format's settings dictionary: ``AVFormatIDKey`` (``kAudioFormatLinearPCM``),
  /// ``AVSampleRateKey``, ``AVNumberOfChannelsKey``, ``AVLinearPCMBitDepthKey``,
  /// ``AVLinearPCMIsFloatKey``, ``AVLinearPCMIsNonInterleaved``, ``AVLinearPCMIsBigEndianKey``.
  public var settings: [String: Any] {
    [
      AVFormatIDKey: kAudioFormatLinearPCM,
      AVSampleRateKey: sampleRate,
      AVNumberOfChannelsKey: Int(channelCount),
      AVLinearPCMBitDepthKey: commonFormat.bytesPerSample * 8,
      AVLinearPCMIsFloatKey: commonFormat == .pcmFormatFloat32 || commonFormat == .pcmFormatFloat64,
      AVLinearPCMIsNonInterleaved: !isInterleaved,
      AVLinearPCMIsBigEndianKey: false,
    ]
  }

  /// Bytes in one frame of one buffer: all channels when interleaved, one channel otherwise.
  var bytesPerFrame: Int { commonFormat.bytesPerSample * (isInterleaved ? Int(channelCount) : 1) }

  /// Functional equality: same rate, channels and sample type, and same layout unless mono.
  public override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? AVAudioFormat else { return false }
    return sampleRate == other.sampleRate && channelCount == other.channelCount
      && commonFormat == other.commonFormat
      && (channelCount == 1 || isInterleaved == other.isInterleaved)
  }

  /// Consistent with ``isEqual(_:)``.
  public override var hash: Int {
    var hasher = Hasher()
    hasher.combine(sampleRate)
    hasher.combine(channelCount)
    hasher.combine(commonFormat)
    if channelCount != 1 { hasher.combine(isInterleaved) }
    return hasher.finalize()
  }

  /// Apple's form without the object address: `<AVAudioFormat: 1 ch, 16000 Hz, Int16>`;
  /// multichannel deinterleaved formats end in `, deinterleaved`.
  public override var description: String { text }

  private static func describe(
    _ format: AVAudioCommonFormat, sampleRate: Double, channels: AVAudioChannelCount, interleaved: Bool
  ) -> String {
    let rate = sampleRate == sampleRate.rounded() ? String(Int(sampleRate)) : String(sampleRate)
    var text = "<AVAudioFormat: \(channels) ch, \(rate) Hz, \(format.displayName)"
    if channels > 1 { text += interleaved ? ", interleaved" : ", deinterleaved" }
    return text + ">"
  }
}
