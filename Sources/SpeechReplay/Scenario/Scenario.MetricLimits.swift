extension Scenario {
  /// Bounds on the streaming metrics of the text the user saw (`expect.metrics`).
  public struct MetricLimits: Sendable, Hashable {
    /// One bound: a metric must lie within `min...max` (either may be absent).
    public struct Bound: Sendable, Hashable {
      /// The metric bounded.
      public var metric: StreamingMetrics.Metric
      /// The least it may be.
      public var min: Double?
      /// The most it may be.
      public var max: Double?
      /// Where the bound is written.
      public var location: SourceLocation?

      /// Creates a bound.
      /// - Parameters:
      ///   - metric: The metric bounded.
      ///   - min: The least it may be.
      ///   - max: The most it may be.
      ///   - location: Where the bound is written.
      public init(_ metric: StreamingMetrics.Metric, min: Double? = nil, max: Double? = nil, at location: SourceLocation? = nil) {
        self.metric = metric
        self.min = min
        self.max = max
        self.location = location
      }
    }

    /// The bounds, in file order.
    public var bounds: [Bound]

    /// Creates bounds; none by default.
    /// - Parameter bounds: The bounds.
    public init(_ bounds: [Bound] = []) { self.bounds = bounds }
  }
}
