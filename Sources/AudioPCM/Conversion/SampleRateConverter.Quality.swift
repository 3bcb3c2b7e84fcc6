internal import CSampleRate
internal import CSoxr

extension SampleRateConverter {
  /// The project's conversion quality levels, from slowest and cleanest to fastest, each mapped
  /// onto a recipe of either ``Engine``.
  ///
  /// | quality | libsoxr | libsamplerate |
  /// | --- | --- | --- |
  /// | ``best`` | `SOXR_VHQ` (28-bit, 95 % passband) | `SRC_SINC_BEST_QUALITY` (97 %) |
  /// | ``medium`` | `SOXR_HQ` (20-bit, 91 %) | `SRC_SINC_MEDIUM_QUALITY` (90 %) |
  /// | ``fastest`` | `SOXR_16_BITQ` (16-bit, small roll-off) | `SRC_SINC_FASTEST` (80 %) |
  /// | ``linear`` | `SOXR_QQ` (cubic interpolation) | `SRC_LINEAR` |
  ///
  /// libsamplerate publishes 97 dB SNR for its three sinc converters; libsoxr's recipes are named
  /// by their precision in bits (about 6 dB per bit). Linear / quick are cheap and audibly worse.
  public enum Quality: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// The cleanest: libsoxr very high quality, libsamplerate best sinc.
    case best
    /// libsoxr high quality, libsamplerate medium sinc.
    case medium
    /// libsoxr 16-bit, libsamplerate fastest sinc.
    case fastest
    /// No real anti-alias filter: libsoxr's quick cubic, libsamplerate's linear interpolation.
    case linear

    /// The name: `best`, `medium`, `fastest`, `linear`.
    public var description: String { rawValue }

    /// libsamplerate's converter type.
    var converterType: Int32 {
      switch self {
      case .best: Int32(SRC_SINC_BEST_QUALITY)
      case .medium: Int32(SRC_SINC_MEDIUM_QUALITY)
      case .fastest: Int32(SRC_SINC_FASTEST)
      case .linear: Int32(SRC_LINEAR)
      }
    }

    /// libsoxr's quality recipe.
    var soxrRecipe: UInt {
      switch self {
      case .best: UInt(SOXR_VHQ)
      case .medium: UInt(SOXR_HQ)
      case .fastest: UInt(SOXR_16_BITQ)
      case .linear: UInt(SOXR_QQ)
      }
    }
  }
}
