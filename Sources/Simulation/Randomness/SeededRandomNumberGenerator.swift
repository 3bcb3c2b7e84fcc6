/// A seeded xoshiro256** generator: the same seed (and stream name) gives the same numbers on
/// every run, process and platform.
///
/// Written here because the standard library has no seedable generator and none of the listed
/// packages provides one; the algorithm is Blackman and Vigna's public-domain xoshiro256**, seeded
/// through SplitMix64 as its authors recommend.
public struct SeededRandomNumberGenerator: RandomNumberGenerator, Sendable, Equatable {
  private var state: (UInt64, UInt64, UInt64, UInt64)

  /// Creates a generator from a seed.
  /// - Parameter seed: Any value; 0 is fine.
  public init(seed: UInt64) {
    var splitMix = SplitMix64(state: seed)
    state = (splitMix.next(), splitMix.next(), splitMix.next(), splitMix.next())
  }

  /// Creates the generator of one named stream derived from a seed, so each purpose ("mic jitter",
  /// "fault timing") draws its own numbers and adding a consumer does not shift another's.
  /// - Parameters:
  ///   - seed: The run's seed.
  ///   - stream: A stable name for the purpose.
  public init(seed: UInt64, stream: String) {
    var hash = StableHash()
    hash.combine(stream)
    self.init(seed: seed ^ hash.value)
  }

  /// The next 64 random bits.
  /// - Returns: A uniformly distributed value.
  public mutating func next() -> UInt64 {
    let result = rotate(state.1 &* 5, 7) &* 9
    let t = state.1 << 17
    state.2 ^= state.0
    state.3 ^= state.1
    state.1 ^= state.2
    state.0 ^= state.3
    state.2 ^= t
    state.3 = rotate(state.3, 45)
    return result
  }

  private func rotate(_ x: UInt64, _ k: UInt64) -> UInt64 { (x << k) | (x >> (64 - k)) }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.state.0 == rhs.state.0 && lhs.state.1 == rhs.state.1 && lhs.state.2 == rhs.state.2
      && lhs.state.3 == rhs.state.3
  }
}
