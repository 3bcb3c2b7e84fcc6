extension CheckID.Family {
  /// Leak cycles (`expect.leaks`).
  public static let leak = CheckID.Family(declaring: "leak")
}

extension ScenarioKeys.Expect {
  /// `expect.leaks`.
  package static let leaks = ScenarioKey(family: "leaks")
}

extension Scenario.Expectations {
  /// The `leak` family's part (`expect.leaks`).
  package var leaks: Scenario.Leaks {
    get { families[.leak, default: Scenario.Leaks()] }
    set { families[.leak, default: Scenario.Leaks()] = newValue }
  }
}

/// The `leak` family's declaration (``CheckRegistry``).
enum LeakFamily: CheckFamily {
  static let family = CheckID.Family.leak

  /// The figures this family reports, with which way is worse and how far they may move
  /// (``FigureRule``: what `compare` and the trend page judge by).
  static var figureRules: [CheckID.Family.FigureDeclaration] {
    [
      CheckID.Family.FigureDeclaration("leak.passes", worse: .neither),
      CheckID.Family.FigureDeclaration("leak.window", worse: .neither),
      // Measured on the machine: judged by the noise band, only its direction is used.
      CheckID.Family.FigureDeclaration("leak.heapBytesPerCycle", worse: .higher, unit: .bytes),
      // Live objects of a type gained per cycle: a tenth of an object per cycle is a leak.
      CheckID.Family.FigureDeclaration(
        "leak.*.perCycle", worse: .higher, tolerance: FigureRule.Tolerance(absolute: 0.1)),
    ]
  }

  static var expectKeys: [ScenarioKey] { [ScenarioKeys.Expect.leaks] }

  static func decode(
    _ expect: ScenarioMapping, into expectations: inout Scenario.Expectations, with decoder: ScenarioDecoder,
    steps: [Scenario.Step]
  ) throws(ScenarioError) {
    if let node = expect[ScenarioKeys.Expect.leaks] { expectations.leaks = try decoder.leaks(node, steps: steps) }
  }

  static func checks(for record: RunRecord, setup: RunSetup) -> [any ScenarioCheck] {
    [LeakCheck(leaks: record.scenario.expectations.leaks)]
  }
}
