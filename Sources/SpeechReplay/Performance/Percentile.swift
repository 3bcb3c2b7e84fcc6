/// Nearest-rank percentiles: the smallest sample with at least `q` of the samples at or below it.
///
/// Nearest rank rather than interpolation, so every reported figure is a latency that happened.
enum Percentile {
  /// The `q`-quantile of `values` (q in 0...1); nil for no values.
  static func of(_ values: [Duration], _ q: Double) -> Duration? {
    guard !values.isEmpty else { return nil }
    let sorted = values.sorted()
    let rank = Int((q * Double(sorted.count)).rounded(.up))
    return sorted[min(max(rank, 1), sorted.count) - 1]
  }

  /// Seconds of `duration` from whole nanoseconds, so 300 ms reports as 0.3 (not 0.30000000000000004).
  static func seconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds * 1_000_000_000 + attoseconds / 1_000_000_000) / 1e9
  }
}
