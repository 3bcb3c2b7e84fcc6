import Simulation

/// The seeded random numbers of exploration: the project's ``SplitMix64``, started from the
/// exploration's seed and the run's index, so the same seed gives the same runs on every machine and
/// Swift version (which the standard library's generator does not promise) and a reproducer's
/// `--seed N … in run M` stays true.
package struct ExplorationRandom: RandomNumberGenerator, Sendable {
  private var generator: SplitMix64

  /// Creates the stream for one run of an exploration.
  /// - Parameters:
  ///   - seed: The exploration's seed.
  ///   - run: The run's index.
  package init(seed: UInt64, run: Int) {
    generator = SplitMix64(
      state: seed &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: run) &* 0xBF58_476D_1CE4_E5B9)
    _ = generator.next()
  }

  /// The next 64 random bits.
  package mutating func next() -> UInt64 { generator.next() }

  /// A time in `0...upper` seconds, rounded to 10 ms.
  package mutating func moment(upTo upper: Double) -> Double {
    (Double.random(in: 0...max(upper, 0.01), using: &self) * 100).rounded() / 100
  }

  /// A duration in `range` seconds, rounded to 10 ms.
  package mutating func seconds(in range: ClosedRange<Double>) -> Double {
    (Double.random(in: range, using: &self) * 100).rounded() / 100
  }
}
