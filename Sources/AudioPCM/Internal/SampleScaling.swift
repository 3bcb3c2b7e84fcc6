/// Conversions between integer and floating-point samples.
///
/// Full scale is 2^15 for Int16 and 2^31 for Int32 in both directions, so integer samples survive
/// a round trip through Float exactly; values beyond full scale clip instead of wrapping.
enum SampleScaling {
  static let int16Scale: Float = 32_768
  static let int32Scale: Double = 2_147_483_648

  @inline(__always) static func float(_ value: Int16) -> Float { Float(value) * (1 / int16Scale) }
  @inline(__always) static func float(_ value: Int32) -> Float { Float(Double(value) * (1 / int32Scale)) }
  @inline(__always) static func double(_ value: Int32) -> Double { Double(value) * (1 / int32Scale) }

  @inline(__always) static func int16(_ value: Float) -> Int16 {
    let scaled = (value * int16Scale).rounded()
    // NaN compares false everywhere; map it to silence rather than trapping in the conversion.
    guard scaled == scaled else { return 0 }
    return Int16(min(max(scaled, -32_768), 32_767))
  }

  @inline(__always) static func int32(_ value: Double) -> Int32 {
    let scaled = (value * int32Scale).rounded()
    guard scaled == scaled else { return 0 }
    return Int32(min(max(scaled, -2_147_483_648), 2_147_483_647))
  }
}
