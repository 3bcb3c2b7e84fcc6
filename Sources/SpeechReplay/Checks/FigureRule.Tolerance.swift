extension FigureRule {
  /// How far a virtual figure may move the worse way before the move is a regression: a worsening
  /// counts when it is larger than ``absolute``, or larger than ``relative`` of the baseline value
  /// and than ``floor`` — that is, larger than `max(floor, min(absolute, relative × |baseline|))`.
  ///
  /// The default for latencies (``latency``: 20 ms, 5 %, at least 2 ms) makes a +50 ms or +10 %
  /// final latency a regression and a resampler's sub-millisecond shift not one.
  public struct Tolerance: Sendable, Hashable, CustomStringConvertible {
    /// A worsening larger than this always counts, in the figure's unit.
    public var absolute: Double
    /// A worsening larger than this fraction of the baseline counts too (when above ``floor``);
    /// `nil`: only ``absolute`` counts.
    public var relative: Double?
    /// The smallest worsening the relative rule counts, in the figure's unit.
    public var floor: Double

    /// Creates a tolerance.
    ///
    /// - Parameters:
    ///   - absolute: A worsening larger than this always counts.
    ///   - relative: A worsening larger than this fraction of the baseline counts too, when above `floor`.
    ///   - floor: The smallest worsening the relative rule counts.
    public init(absolute: Double, relative: Double? = nil, floor: Double = 0) {
      self.absolute = absolute
      self.relative = relative
      self.floor = floor
    }

    /// Any worsening counts (counts of lost buffers, diagnostics, rejected inputs).
    public static let exact = Tolerance(absolute: 0)
    /// Latencies and other virtual durations: 20 ms, or 5 % when that is more than 2 ms.
    public static let latency = Tolerance(absolute: 0.020, relative: 0.05, floor: 0.002)
    /// Seconds of audio lost, repeated or garbled: 2 ms (a resampler's edge effects are below it).
    public static let audioSeconds = Tolerance(absolute: 0.002)
    /// Streaming metrics (ratios): 0.02, or 5 % when that is more than 0.005.
    public static let metric = Tolerance(absolute: 0.02, relative: 0.05, floor: 0.005)

    /// The largest worsening that is not a regression, from a baseline value.
    ///
    /// - Parameter baseline: The baseline run's value.
    /// - Returns: `max(floor, min(absolute, relative × |baseline|))`, or `absolute` without a relative part.
    public func allowed(baseline: Double) -> Double {
      guard let relative else { return absolute }
      return max(floor, min(absolute, relative * abs(baseline)))
    }

    /// The tolerance as people read it, for a figure counted in `unit` (seconds shown in milliseconds).
    ///
    /// - Parameter unit: The figure's unit.
    /// - Returns: `20 ms or 5 % (at least 2 ms)`, `exact`, `0.1`.
    public func described(in unit: Figure.Unit) -> String {
      func amount(_ value: Double) -> String {
        unit == .seconds ? "\(Self.trimmed(value * 1000)) ms" : Self.trimmed(value)
      }
      if relative == nil, absolute == 0 { return "exact" }
      guard let relative else { return amount(absolute) }
      let percent = "\(Self.trimmed(relative * 100)) %"
      if absolute == .infinity { return floor > 0 ? "\(percent) (at least \(amount(floor)))" : percent }
      return "\(amount(absolute)) or \(percent)" + (floor > 0 ? " (at least \(amount(floor)))" : "")
    }

    /// The tolerance as people read it, in the figure's own unit.
    public var description: String { described(in: .count) }

    static func trimmed(_ value: Double) -> String {
      value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(format: "%g", value)
    }
  }
}
