import Foundation

/// The linear-PCM settings dictionary of ``AVAudioFile/init(forWriting:settings:)``, parsed.
struct AVAudioFileSettings {
  var sampleRate: Double
  var channels: AVAudioChannelCount
  var bitDepth: Int
  var isFloat: Bool

  /// The sample type that holds this bit depth.
  var commonFormat: AVAudioCommonFormat {
    if isFloat { return bitDepth == 64 ? .pcmFormatFloat64 : .pcmFormatFloat32 }
    return bitDepth <= 16 ? .pcmFormatInt16 : .pcmFormatInt32
  }

  /// `'lpcm'`, the only format ID the twin writes.
  static let linearPCM = 1_819_304_813

  init(_ settings: [String: Any], path: String) throws {
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
    if let id = number(AVFormatIDKey), Int(id) != Self.linearPCM {
      throw AVAudioFile.error(
        code: AVAudioFileErrorCode.unsupportedDataFormat, path: path,
        "AVFormatIDKey \(Int(id)) is not linear PCM (kAudioFormatLinearPCM, 1819304813); the twin writes linear PCM only"
      )
    }
    guard let rate = number(AVSampleRateKey), rate > 0, let channels = number(AVNumberOfChannelsKey), channels >= 1
    else {
      throw AVAudioFile.error(
        code: AVAudioFileErrorCode.parameter, path: path,
        "the settings need AVSampleRateKey (> 0) and AVNumberOfChannelsKey (≥ 1); pass format.settings of an AVAudioFormat"
      )
    }
    sampleRate = rate
    self.channels = AVAudioChannelCount(channels)
    isFloat = (settings[AVLinearPCMIsFloatKey] as? Bool) ?? false
    bitDepth = Int(number(AVLinearPCMBitDepthKey) ?? (isFloat ? 32 : 16))
  }
}
