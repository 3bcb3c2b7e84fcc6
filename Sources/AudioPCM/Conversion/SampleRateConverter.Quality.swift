internal import CSampleRate

extension SampleRateConverter {
  /// libsamplerate's converter types, from slowest and cleanest to fastest.
  ///
  /// libsamplerate publishes 97 dB SNR for the three sinc converters, with passbands of 97 %
  /// (best), 90 % (medium) and 80 % (fastest) of the lower Nyquist frequency; linear is cheap and
  /// audibly worse.
  public enum Quality: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Band-limited sinc, 97 % passband (`SRC_SINC_BEST_QUALITY`).
    case best
    /// Band-limited sinc, 90 % passband (`SRC_SINC_MEDIUM_QUALITY`).
    case medium
    /// Band-limited sinc, 80 % passband (`SRC_SINC_FASTEST`).
    case fastest
    /// Linear interpolation, no anti-alias filter (`SRC_LINEAR`).
    case linear

    /// The name: `best`, `medium`, `fastest`, `linear`.
    public var description: String { rawValue }

    var converterType: Int32 {
      switch self {
      case .best: Int32(SRC_SINC_BEST_QUALITY)
      case .medium: Int32(SRC_SINC_MEDIUM_QUALITY)
      case .fastest: Int32(SRC_SINC_FASTEST)
      case .linear: Int32(SRC_LINEAR)
      }
    }
  }
}
