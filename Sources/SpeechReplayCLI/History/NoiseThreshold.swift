import SpeechReplay

/// When a wall-clock figure counts as changed: its relative change exceeds
/// max(`minimumRelative`, `spreadFactor` × the baseline's relative spread) and its absolute change
/// exceeds `minimumAbsolute`. The reasons are in Documentation/History.md.
package struct NoiseThreshold: Sendable, Hashable {
  /// The smallest relative change that counts (0.10 = 10 %).
  package var minimumRelative: Double
  /// How many baseline spreads (coefficient of variation) a change must exceed.
  package var spreadFactor: Double
  /// The smallest absolute change that counts, in the figure's unit (seconds for `wallSeconds`).
  package var minimumAbsolute: Double

  /// Creates a threshold.
  ///
  /// - Parameters:
  ///   - minimumRelative: Smallest relative change that counts (default 10 %).
  ///   - spreadFactor: Multiple of the baseline's coefficient of variation (default 3).
  ///   - minimumAbsolute: Smallest absolute change that counts (default 0.25, seconds for `wallSeconds`).
  package init(minimumRelative: Double = 0.10, spreadFactor: Double = 3, minimumAbsolute: Double = 0.25) {
    self.minimumRelative = minimumRelative
    self.spreadFactor = spreadFactor
    self.minimumAbsolute = minimumAbsolute
  }

  /// The relative change allowed for a figure with these baseline samples.
  ///
  /// - Parameter samples: The baseline's values (one per baseline run).
  /// - Returns: max(minimumRelative, spreadFactor × standard deviation / mean); the spread counts
  ///   only with two samples or more.
  package func allowedRelativeChange(samples: [Double]) -> Double {
    guard samples.count >= 2 else { return minimumRelative }
    let mean = samples.reduce(0, +) / Double(samples.count)
    guard mean > 0 else { return minimumRelative }
    let variance = samples.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(samples.count - 1)
    return max(minimumRelative, spreadFactor * variance.squareRoot() / mean)
  }

  /// Whether `value` differs from the baseline samples by more than noise.
  ///
  /// - Parameters:
  ///   - value: The new value.
  ///   - samples: The baseline's values.
  /// - Returns: `+1` when it is above the noise band, `-1` below, `0` inside it.
  package func direction(of value: Double, against samples: [Double]) -> Int {
    guard !samples.isEmpty else { return 0 }
    let mean = samples.reduce(0, +) / Double(samples.count)
    let change = value - mean
    guard abs(change) > minimumAbsolute else { return 0 }
    let allowed = allowedRelativeChange(samples: samples) * abs(mean)
    guard abs(change) > allowed else { return 0 }
    return change > 0 ? 1 : -1
  }
}
