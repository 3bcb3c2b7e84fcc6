import Testing

@testable import SimulatedDevice

/// The audio check's sums (C's `CSignalKernels`): every lag's dot product and power, summed eight lags
/// at a time in SIMD lanes (and the last few lags in lanes over a zero-padded copy), the energies and
/// the smoothing must be bit for bit what Swift's scalar loops give — the check's figures and
/// findings, and so the model's hearing and every trace, depend on the exact scores.
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
    // 16 390 samples: past the zero-padded copy's bound, where the last lags are summed one at a time.
    for count in [1, 8, 63, 320, 16_390] {
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

  @Test func theEnergyIsTheScalarSumOfSquares() {
    var generator = SplitMix(seed: 7)
    for count in [1, 2, 255, 256, 257, 1_000] {
      let samples = (0..<count).map { _ in generator.nextFloat() }
      var sum: Float = 0
      for sample in samples { sum += sample * sample }
      let energy = samples.withUnsafeBufferPointer { AudioConservation.Signal.energy($0) }
      #expect(energy.bitPattern == (sum / Float(count)).bitPattern, "\(count) samples")
    }
  }

  @Test func silenceIsOnlyZerosOfEitherSign() {
    func isZero(_ samples: [Float]) -> Bool { samples.withUnsafeBufferPointer { AudioConservation.Signal.isZero($0) } }
    #expect(isZero([]))
    #expect(isZero([Float](repeating: 0, count: 600) + [-0.0]))
    // One sample of sound anywhere, in the first block or past it, is not silence; nor is a NaN.
    for position in [0, 255, 256, 599] {
      var samples = [Float](repeating: 0, count: 600)
      samples[position] = 1e-30
      #expect(!isZero(samples), "sound at \(position)")
      samples[position] = .nan
      #expect(!isZero(samples), "NaN at \(position)")
    }
  }

  @Test func smoothingIsTheScalarFilter() {
    var generator = SplitMix(seed: 11)
    let values = (0..<333).map { _ in generator.nextFloat() }
    let smoothed = AudioConservation.Signal.smoothed(values)
    #expect(smoothed.count == values.count - 2)
    for index in 1..<values.count - 1 {
      let expected = 0.25 * values[index - 1] + 0.5 * values[index] + 0.25 * values[index + 1]
      #expect(smoothed[index - 1].bitPattern == expected.bitPattern, "sample \(index)")
    }
    #expect(AudioConservation.Signal.smoothed([1, 2]) == [1, 2])
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
