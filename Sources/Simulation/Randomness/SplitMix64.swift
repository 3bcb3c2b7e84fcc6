/// SplitMix64 (Steele, Lea and Flood; Vigna's public-domain constants): the project's one
/// implementation of it. It seeds ``SeededRandomNumberGenerator`` and is exploration's stream, whose
/// numbers reproducer files depend on (`--seed 1 … in run 3`), so its output must never change.
public struct SplitMix64: RandomNumberGenerator, Sendable, Equatable {
  /// The generator's whole state.
  public private(set) var state: UInt64

  /// Creates a generator whose first output is the mix of `state` plus one increment.
  /// - Parameter state: Any value; 0 is fine.
  public init(state: UInt64) {
    self.state = state
  }

  /// The next 64 random bits.
  /// - Returns: A uniformly distributed value.
  public mutating func next() -> UInt64 {
    state &+= 0x9e37_79b9_7f4a_7c15
    var z = state
    z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
    z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
    return z ^ (z >> 31)
  }
}
