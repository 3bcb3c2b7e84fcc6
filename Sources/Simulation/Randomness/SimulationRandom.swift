internal import Synchronization

/// One seeded random stream of a run, shared by reference: pass it with `using: &random`.
///
/// ```swift
/// var jitter = Simulation.current!.random(for: "mic jitter")
/// let offset = Int.random(in: -2...2, using: &jitter)
/// ```
public final class SimulationRandom: RandomNumberGenerator, Sendable {
  private let generator: Mutex<SeededRandomNumberGenerator>

  /// Creates a stream.
  /// - Parameters:
  ///   - seed: The run's seed.
  ///   - stream: A stable name for the purpose.
  public init(seed: UInt64, stream: String) {
    generator = Mutex(SeededRandomNumberGenerator(seed: seed, stream: stream))
  }

  /// The next 64 random bits of this stream.
  /// - Returns: A uniformly distributed value.
  public func next() -> UInt64 {
    generator.withLock { $0.next() }
  }
}
