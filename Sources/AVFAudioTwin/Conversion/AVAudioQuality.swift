/// Quality levels for sample-rate conversion and encoding, with Apple's raw values.
///
/// ``AVAudioConverter/sampleRateConverterQuality`` takes the raw value. The twin maps each level
/// onto a recipe of its resampling engine (libsoxr by default, libsamplerate selectable); the
/// table is in `Documentation/Twins.md`.
public enum AVAudioQuality: Int, Sendable, Hashable, CaseIterable {
  /// The lowest quality (libsoxr's quick cubic; libsamplerate's linear interpolator).
  case min = 0
  /// Low quality (libsoxr's 16-bit recipe; libsamplerate's fastest sinc).
  case low = 0x20
  /// Medium quality (libsoxr's 20-bit high quality; libsamplerate's medium sinc).
  case medium = 0x40
  /// High quality (libsoxr's 28-bit very high quality; libsamplerate's best sinc).
  case high = 0x60
  /// The highest quality (as ``high``).
  case max = 0x7F
}
