extension CheckID.Family {
  /// Streaming metrics and their bounds (`expect.metrics`).
  public static let metric = CheckID.Family(declaring: "metric")
}

extension ScenarioKeys.Expect {
  /// `expect.metrics`.
  package static let metrics = ScenarioKey(family: "metrics")
}

extension Scenario.Expectations {
  /// The `metric` family's part (`expect.metrics`).
  package var metrics: Scenario.MetricLimits {
    get { families[.metric, default: Scenario.MetricLimits()] }
    set { families[.metric, default: Scenario.MetricLimits()] = newValue }
  }
}

/// The `metric` family's declaration (``CheckRegistry``).
enum MetricFamily: CheckFamily {
  static let family = CheckID.Family.metric

  /// The figures this family reports, with which way is worse and how far they may move
  /// (``FigureRule``: what `compare` and the trend page judge by).
  static var figureRules: [CheckID.Family.FigureDeclaration] {
    StreamingMetrics.Metric.allCases.map {
      CheckID.Family.FigureDeclaration("metrics.\($0.rawValue)", worse: .higher, tolerance: .metric, unit: .ratio)
    }
  }

  static var expectKeys: [ScenarioKey] { [ScenarioKeys.Expect.metrics] }

  static func decode(
    _ expect: ScenarioMapping, into expectations: inout Scenario.Expectations, with decoder: ScenarioDecoder,
    steps: [Scenario.Step]
  ) throws(ScenarioError) {
    if let node = expect[ScenarioKeys.Expect.metrics] { expectations.metrics = try decoder.metricLimits(node) }
  }

  static func checks(for record: RunRecord, setup: RunSetup) -> [any ScenarioCheck] {
    [MetricCheck(limits: record.scenario.expectations.metrics)]
  }
}
