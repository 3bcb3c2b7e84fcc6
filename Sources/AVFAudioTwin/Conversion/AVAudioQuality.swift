/// Quality levels for sample-rate conversion and encoding, with Apple's raw values.
///
/// ``AVAudioConverter/sampleRateConverterQuality`` takes the raw value.
public enum AVAudioQuality: Int, Sendable, Hashable, CaseIterable {
  /// The lowest quality (the twin uses libsamplerate's linear interpolator).
  case min = 0
  /// Low quality (libsamplerate's fastest sinc converter).
  case low = 0x20
  /// Medium quality (libsamplerate's medium sinc converter).
  case medium = 0x40
  /// High quality (libsamplerate's best sinc converter).
  case high = 0x60
  /// The highest quality (libsamplerate's best sinc converter).
  case max = 0x7F
}
