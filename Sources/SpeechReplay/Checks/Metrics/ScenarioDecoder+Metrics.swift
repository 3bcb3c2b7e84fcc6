extension ScenarioDecoder {
  /// `expect.metrics`: `{ upwr: { max: 0.2 }, editsPerSecond: { max: 1 } }`.
  func metricLimits(_ node: ScenarioNode) throws(ScenarioError) -> Scenario.MetricLimits {
    var bounds: [Scenario.MetricLimits.Bound] = []
    for (key, _, value) in try node.mapping(keys: StreamingMetrics.Metric.allCases.map(ScenarioKey.init(case:))).entries
    {
      let map = try value.mapping(keys: ScenarioKeys.Bound.all)
      let min = try map[ScenarioKeys.Bound.min]?.double(in: 0...1_000_000)
      let max = try map[ScenarioKeys.Bound.max]?.double(in: 0...1_000_000)
      guard min != nil || max != nil else {
        throw value.error("'\(value.path)' needs a bound; write \(key): { max: 0.2 }")
      }
      if let min, let max, min > max { throw value.error("'\(value.path)' has min \(min) above max \(max); swap them") }
      bounds.append(.init(StreamingMetrics.Metric(rawValue: key.name)!, min: min, max: max, at: value.location))
    }
    return Scenario.MetricLimits(bounds)
  }
}
