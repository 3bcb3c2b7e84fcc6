/// The sample formats AVFAudio handles natively, with Apple's raw values.
public enum AVAudioCommonFormat: UInt, Sendable, Hashable, CaseIterable {
  /// Not one of the common PCM formats (for example a compressed format).
  case otherFormat = 0
  /// 32-bit native-endian floating point.
  case pcmFormatFloat32 = 1
  /// 64-bit native-endian floating point.
  case pcmFormatFloat64 = 2
  /// 16-bit signed integer.
  case pcmFormatInt16 = 3
  /// 32-bit signed integer.
  case pcmFormatInt32 = 4

  /// Bytes in one sample of one channel; 0 for ``otherFormat``.
  var bytesPerSample: Int {
    switch self {
    case .otherFormat: 0
    case .pcmFormatInt16: 2
    case .pcmFormatFloat32, .pcmFormatInt32: 4
    case .pcmFormatFloat64: 8
    }
  }

  /// The name AVFAudio prints in a format's description.
  package var displayName: String {
    switch self {
    case .otherFormat: "other"
    case .pcmFormatFloat32: "Float32"
    case .pcmFormatFloat64: "Float64"
    case .pcmFormatInt16: "Int16"
    case .pcmFormatInt32: "Int32"
    }
  }
}
