extension Scenario {
  /// Bounds on the streaming metrics of the text the user saw (`expect.metrics`).
  package struct MetricLimits: Sendable, Hashable {
    /// One bound: a metric must lie within `min...max` (either may be absent).
    package struct Bound: Sendable, Hashable {
      /// The metric bounded.
      package var metric: StreamingMetrics.Metric
      /// The least it may be.
      package var min: Double?
      /// The most it may be.
      package var max: Double?
      /// Where the bound is written.
      package var location: SourceLocation?

      /// Creates a bound.
      /// - Parameters:
      ///   - metric: The metric bounded.
      ///   - min: The least it may be.
      ///   - max: The most it may be.
      ///   - location: Where the bound is written.
      package init(
        _ metric: StreamingMetrics.Metric, min: Double? = nil, max: Double? = nil, at location: SourceLocation? = nil
      ) {
        self.metric = metric
        self.min = min
        self.max = max
        self.location = location
      }
    }

    /// The bounds, in file order.
    package var bounds: [Bound]

    /// Creates bounds; none by default.
    /// - Parameter bounds: The bounds.
    package init(_ bounds: [Bound] = []) { self.bounds = bounds }
  }
}
