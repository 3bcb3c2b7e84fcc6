/// Where two traces first differ.
public struct TraceDivergence: Sendable, Equatable, CustomStringConvertible {
  /// Index of the first differing event.
  public var index: Int
  /// The canonical line of the expected (first) trace there, or nil when it had ended.
  public var expected: String?
  /// The canonical line of the actual (second) trace there, or nil when it had ended.
  public var actual: String?

  /// Creates a divergence.
  /// - Parameters:
  ///   - index: Index of the first differing event.
  ///   - expected: The expected trace's line there, or nil.
  ///   - actual: The actual trace's line there, or nil.
  public init(index: Int, expected: String?, actual: String?) {
    self.index = index
    self.expected = expected
    self.actual = actual
  }

  public var description: String {
    "traces diverge at event \(index): expected \(expected ?? "<end of trace>"), got \(actual ?? "<end of trace>")"
  }

  /// The first place two traces' canonical lines differ, or nil when they are identical (also for
  /// traces read back from files, such as the determinism check's).
  /// - Parameters:
  ///   - expected: The reference trace's lines.
  ///   - actual: The other trace's lines.
  /// - Returns: The first divergence, or nil.
  public static func first(expected: [String], actual: [String]) -> TraceDivergence? {
    let common = Swift.min(expected.count, actual.count)
    for index in 0..<common where expected[index] != actual[index] {
      return TraceDivergence(index: index, expected: expected[index], actual: actual[index])
    }
    guard expected.count != actual.count else { return nil }
    return TraceDivergence(
      index: common, expected: common < expected.count ? expected[common] : nil,
      actual: common < actual.count ? actual[common] : nil)
  }
}

extension Array where Element == TraceEvent {
  /// The first place where this trace differs from `expected`, or nil when they are identical.
  /// - Parameter expected: The reference trace.
  /// - Returns: The first divergence, or nil.
  public func firstDivergence(from expected: [TraceEvent]) -> TraceDivergence? {
    TraceDivergence.first(expected: expected.map(\.canonicalLine), actual: map(\.canonicalLine))
  }

  /// Stable FNV-1a 64 hash of the canonical lines (each followed by a newline), as 16 hex digits.
  ///
  /// Stable across runs, processes and machines, unlike Swift's `Hasher`.
  public var stableHash: String {
    var hash = StableHash()
    for event in self { event.hashCanonicalLine(into: &hash) }
    return hash.hexDigest
  }
}

extension TraceLog {
  /// The first place where this trace differs from `expected`, or nil when they are identical.
  /// - Parameter expected: The reference trace.
  /// - Returns: The first divergence, or nil.
  public func firstDivergence(from expected: TraceLog) -> TraceDivergence? {
    TraceDivergence.first(expected: expected.map(\.canonicalLine), actual: map(\.canonicalLine))
  }
}
