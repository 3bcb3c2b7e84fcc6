package import AudioPCM

extension AVAudioFormat {
  /// The same format as AudioPCM describes it, or nil for a rate AudioPCM cannot hold (0, "any rate").
  package var audioFormat: AudioFormat? {
    try? AudioFormat(
      sampleRate: sampleRate, channelCount: Int(channelCount), sampleType: commonFormat.sampleType,
      isInterleaved: isInterleaved)
  }

  /// The AVFAudio form of an AudioPCM format (always valid for one or two channels).
  package convenience init?(_ format: AudioFormat) {
    self.init(
      commonFormat: AVAudioCommonFormat(format.sampleType), sampleRate: format.sampleRate,
      channels: AVAudioChannelCount(format.channelCount), interleaved: format.isInterleaved)
  }
}

extension AVAudioCommonFormat {
  /// The AudioPCM sample type (``otherFormat`` has none and maps to Float32; callers refuse it first).
  package var sampleType: AudioFormat.SampleType {
    switch self {
    case .pcmFormatInt16: .int16
    case .pcmFormatInt32: .int32
    case .pcmFormatFloat64: .float64
    case .pcmFormatFloat32, .otherFormat: .float32
    }
  }

  package init(_ sampleType: AudioFormat.SampleType) {
    switch sampleType {
    case .int16: self = .pcmFormatInt16
    case .int32: self = .pcmFormatInt32
    case .float32: self = .pcmFormatFloat32
    case .float64: self = .pcmFormatFloat64
    }
  }
}
