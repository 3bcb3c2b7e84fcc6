extension AudioFormat {
  /// The type of one PCM sample.
  ///
  /// Integer samples use their full range (Int16.max is just under full scale); floating-point
  /// samples are nominally in -1...1.
  public enum SampleType: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Signed 16-bit integer.
    case int16
    /// Signed 32-bit integer (24-bit file data is read into the top 24 bits).
    case int32
    /// 32-bit IEEE float.
    case float32
    /// 64-bit IEEE float.
    case float64

    /// Bytes taken by one sample of this type.
    public var byteCount: Int {
      switch self {
      case .int16: 2
      case .int32, .float32: 4
      case .float64: 8
      }
    }

    /// Whether samples are floating point.
    public var isFloatingPoint: Bool { self == .float32 || self == .float64 }

    /// The name used in descriptions: `Int16`, `Int32`, `Float32`, `Float64`.
    public var description: String {
      switch self {
      case .int16: "Int16"
      case .int32: "Int32"
      case .float32: "Float32"
      case .float64: "Float64"
      }
    }
  }
}
