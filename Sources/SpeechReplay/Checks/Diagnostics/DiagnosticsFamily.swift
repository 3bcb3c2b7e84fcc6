extension CheckID.Family {
  /// The twins' diagnostics (`expect.diagnostics`).
  public static let diagnostics = CheckID.Family(declaring: "diagnostics")
}

/// The `diagnostics` family's declaration (``CheckRegistry``).
enum DiagnosticsFamily: CheckFamily {
  static let family = CheckID.Family.diagnostics

  /// The figures this family reports, with which way is worse and how far they may move
  /// (``FigureRule``: what `compare` and the trend page judge by).
  static var figureRules: [CheckID.Family.FigureDeclaration] {
    [CheckID.Family.FigureDeclaration("diagnostics", worse: .higher)]
  }

  static var expectKeys: [ScenarioKey] { [ScenarioKeys.Expect.diagnostics] }

  static func decode(
    _ expect: ScenarioMapping, into expectations: inout Scenario.Expectations, with decoder: ScenarioDecoder,
    steps: [Scenario.Step]
  ) throws(ScenarioError) {
    try decoder.diagnosticsExpectation(expect, into: &expectations)
  }

  static func checks(for record: RunRecord, setup: RunSetup) -> [any ScenarioCheck] {
    let expectations = record.scenario.expectations
    return [DiagnosticsCheck(expectation: expectations.diagnostics, location: expectations.diagnosticsLocation)]
  }
}
