extension CheckID.Family {
  /// Expected UI states: `expect.final` and `expect.snapshots`.
  public static let state = CheckID.Family(declaring: "state")
}

/// The `state` family's declaration (``CheckRegistry``).
enum StateFamily: CheckFamily {
  static let family = CheckID.Family.state

  static var expectKeys: [ScenarioKey] { [ScenarioKeys.Expect.final, ScenarioKeys.Expect.snapshots] }

  static func decode(
    _ expect: ScenarioMapping, into expectations: inout Scenario.Expectations, with decoder: ScenarioDecoder,
    steps: [Scenario.Step]
  ) throws(ScenarioError) {
    try decoder.stateExpectations(expect, into: &expectations, steps: steps)
  }

  static func checks(for record: RunRecord, setup: RunSetup) -> [any ScenarioCheck] {
    let expectations = record.scenario.expectations
    return [StateCheck(final: expectations.final, snapshots: expectations.snapshots)]
  }
}
