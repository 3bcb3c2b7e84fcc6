/// Conversions between integer and floating-point samples.
///
/// Full scale is 2^15 for Int16 and 2^31 for Int32 in both directions, so integer samples survive
/// a round trip through Float exactly; values beyond full scale clip instead of wrapping. Float to
/// integer rounds to nearest, ties to even.
enum SampleScaling {
  static let int16Scale: Float = 32_768
  static let int32Scale: Double = 2_147_483_648

  @inline(__always) static func float(_ value: Int16) -> Float { Float(value) * (1 / int16Scale) }
  @inline(__always) static func float(_ value: Int32) -> Float { Float(Double(value) * (1 / int32Scale)) }
  @inline(__always) static func double(_ value: Int32) -> Double { Double(value) * (1 / int32Scale) }

  /// Scales, clips and rounds to nearest-even (NaN becomes silence) without a call to `roundf`
  /// or a trapping conversion, so loops over it vectorise.
  ///
  /// The clipped value plus 1.5 × 2^23 lands where one unit is one step of the significand, so
  /// the addition itself rounds to nearest-even and the low 16 bits of the bit pattern are the
  /// rounded sample in two's complement.
  @inline(__always) static func int16(_ value: Float) -> Int16 {
    let scaled = value * int16Scale
    // Selects rather than branches; NaN fails `scaled == scaled` and maps to 0.
    let clipped: Float = scaled == scaled ? (scaled < -32_768 ? -32_768 : (scaled > 32_767 ? 32_767 : scaled)) : 0
    return Int16(truncatingIfNeeded: (clipped + 12_582_912).bitPattern)
  }

  /// Converts `count` Float samples (stride 1) to Int16 at `target` with stride `targetStride`.
  @inline(__always)
  static func int16(
    _ source: UnsafePointer<Float>, count: Int, into target: UnsafeMutablePointer<Int16>, stride targetStride: Int
  ) {
    if targetStride == 1 {
      for index in 0..<count { target[index] = int16(source[index]) }
    } else {
      for index in 0..<count { target[index * targetStride] = int16(source[index]) }
    }
  }

  /// Converts `count` Int16 samples at `source` with stride `sourceStride` to Float (stride 1).
  @inline(__always)
  static func float(
    _ source: UnsafePointer<Int16>, stride sourceStride: Int, count: Int, into target: UnsafeMutablePointer<Float>
  ) {
    if sourceStride == 1 {
      for index in 0..<count { target[index] = float(source[index]) }
    } else {
      for index in 0..<count { target[index] = float(source[index * sourceStride]) }
    }
  }

  @inline(__always) static func int32(_ value: Double) -> Int32 {
    let scaled = (value * int32Scale).rounded()
    guard scaled == scaled else { return 0 }
    return Int32(min(max(scaled, -2_147_483_648), 2_147_483_647))
  }
}
