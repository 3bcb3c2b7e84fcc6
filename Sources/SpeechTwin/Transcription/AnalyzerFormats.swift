import AVFAudioTwin

/// The formats the twins' modules take.
enum AnalyzerFormats {
  /// What `bestAvailableAudioFormat` returns for the transcribers once assets are installed:
  /// 16 kHz, mono, Int16, interleaved (as observed on devices).
  static let transcription = AVAudioFormat(
    commonFormat: .pcmFormatInt16, sampleRate: 16_000, channels: 1, interleaved: true)!
}
