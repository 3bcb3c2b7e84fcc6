extension CheckID.Family {
  /// Timing budgets in virtual time (`expect.budgets`).
  public static let budget = CheckID.Family(declaring: "budget")
}

extension ScenarioKeys.Expect {
  /// `expect.budgets`.
  package static let budgets = ScenarioKey(family: "budgets")
}

extension Scenario.Expectations {
  /// The `budget` family's part (`expect.budgets`).
  package var budgets: Scenario.Budgets {
    get { families[.budget, default: Scenario.Budgets()] }
    set { families[.budget, default: Scenario.Budgets()] = newValue }
  }
}

/// The `budget` family's declaration (``CheckRegistry``).
enum BudgetFamily: CheckFamily {
  static let family = CheckID.Family.budget

  /// The figures this family reports, with which way is worse and how far they may move
  /// (``FigureRule``: what `compare` and the trend page judge by).
  static var figureRules: [CheckID.Family.FigureDeclaration] {
    [
      CheckID.Family.FigureDeclaration("timing.modelCost", worse: .neither, unit: .ratio),
      CheckID.Family.FigureDeclaration("latency.*.count", worse: .neither),
      CheckID.Family.FigureDeclaration("latency.*.p50", worse: .higher, tolerance: .latency, unit: .seconds),
      CheckID.Family.FigureDeclaration("latency.*.p90", worse: .higher, tolerance: .latency, unit: .seconds),
      CheckID.Family.FigureDeclaration("latency.*.max", worse: .higher, tolerance: .latency, unit: .seconds),
    ]
  }

  static var expectKeys: [ScenarioKey] { [ScenarioKeys.Expect.budgets] }

  static func decode(
    _ expect: ScenarioMapping, into expectations: inout Scenario.Expectations, with decoder: ScenarioDecoder,
    steps: [Scenario.Step]
  ) throws(ScenarioError) {
    if let node = expect[ScenarioKeys.Expect.budgets] { expectations.budgets = try decoder.budgets(node) }
  }

  static func checks(for record: RunRecord, setup: RunSetup) -> [any ScenarioCheck] {
    [BudgetCheck(budgets: record.scenario.expectations.budgets, modelCost: record.scenario.timing.modelCost)]
  }
}
