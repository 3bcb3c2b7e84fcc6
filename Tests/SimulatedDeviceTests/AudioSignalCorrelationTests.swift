import Testing

@testable import SimulatedDevice

/// The audio check's correlation sums: every lag's dot product and power, summed eight lags at a
/// time in SIMD lanes (and the last few lags in lanes over a zero-padded copy), must be bit for bit
/// what one lag's scalar loop gives — the check's figures and findings depend on the exact scores.
@Suite struct AudioSignalCorrelationTests {
  /// One lag's sums the plain way: a product, then a sum, in the order of `k`.
  static func scalar(_ a: [Float], _ r: [Float], count: Int, lag: Int) -> (dot: Float, power: Float) {
    var dot: Float = 0
    var power: Float = 0
    for k in 0..<count {
      let value = r[lag + k]
      dot += a[k] * value
      power += value * value
    }
    return (dot, power)
  }

  @Test(arguments: [1, 2, 3, 5, 7, 8, 9, 13, 16, 21])
  func everyLagIsTheScalarSum(lags: Int) {
    var generator = SplitMix(seed: UInt64(lags))
    for count in [1, 8, 63, 320] {
      let a = (0..<count).map { _ in generator.nextFloat() }
      let r = (0..<count + lags - 1).map { _ in generator.nextFloat() }
      var seen = [Bool](repeating: false, count: lags)
      a.withUnsafeBufferPointer { a in
        r.withUnsafeBufferPointer { r in
          AudioConservation.Signal.correlations(a, r, count: count, lags: lags) { lag, dot, power in
            let expected = Self.scalar(Array(a), Array(r), count: count, lag: lag)
            #expect(dot.bitPattern == expected.dot.bitPattern, "dot at lag \(lag) of \(lags), \(count) samples")
            #expect(power.bitPattern == expected.power.bitPattern, "power at lag \(lag) of \(lags), \(count) samples")
            seen[lag] = true
          }
        }
      }
      #expect(seen.allSatisfy { $0 }, "every lag reported once for \(lags) lags")
    }
  }

  /// A small deterministic generator (no seeds from the system in tests).
  struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    /// A value in [-1, 1).
    mutating func nextFloat() -> Float { Float(next() >> 40) / Float(1 << 23) - 1 }
  }
}
