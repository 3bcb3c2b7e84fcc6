extension SampleRateConverter {
  /// The C library that resamples.
  ///
  /// libsoxr is the default: SIMD and DFT-based, it converts 48 kHz to 16 kHz about 50× faster
  /// than libsamplerate's medium sinc on this project's hardware at better stop-band rejection.
  /// libsamplerate stays selectable, because older run histories were recorded with it. How each
  /// ``Quality`` maps onto each engine is in `Documentation/AudioPCM.md`.
  public enum Engine: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// libsoxr (`soxr_create` / `soxr_process`).
    case soxr
    /// libsamplerate (`src_new` / `src_process`).
    case libsamplerate

    /// The engine converters use unless told otherwise: ``soxr``.
    public static let `default` = Engine.soxr

    /// The name: `soxr`, `libsamplerate`.
    public var description: String { rawValue }
  }
}
