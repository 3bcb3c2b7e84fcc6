extension CheckID.Family {
  /// The invariants every run keeps (`expect.invariants`).
  public static let invariant = CheckID.Family(declaring: "invariant")
}

extension ScenarioKeys.Expect {
  /// `expect.invariants`.
  package static let invariants = ScenarioKey(family: "invariants")
}

extension Scenario.Expectations {
  /// The `invariant` family's part (`expect.invariants`).
  package var invariants: Scenario.InvariantSettings {
    get { families[.invariant, default: Scenario.InvariantSettings()] }
    set { families[.invariant, default: Scenario.InvariantSettings()] = newValue }
  }
}

/// The `invariant` family's declaration (``CheckRegistry``).
enum InvariantFamily: CheckFamily {
  static let family = CheckID.Family.invariant

  static var expectKeys: [ScenarioKey] { [ScenarioKeys.Expect.invariants] }

  static func decode(
    _ expect: ScenarioMapping, into expectations: inout Scenario.Expectations, with decoder: ScenarioDecoder,
    steps: [Scenario.Step]
  ) throws(ScenarioError) {
    if let node = expect[ScenarioKeys.Expect.invariants] { expectations.invariants = try decoder.invariants(node) }
  }

  /// The main-actor hang bound the simulation watches for, unless the invariant is off.
  static func prepare(_ setup: inout RunSetup) {
    let settings = setup.scenario.expectations.invariants
    if settings.off[.mainActorResponsive] == nil {
      setup.configuration.mainActorHangThreshold = InvariantCheck.mainActorHangBound(settings)
    }
  }

  static func checks(for record: RunRecord, setup: RunSetup) -> [any ScenarioCheck] {
    [InvariantCheck(settings: record.scenario.expectations.invariants)]
  }
}
