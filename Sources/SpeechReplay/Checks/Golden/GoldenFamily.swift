extension CheckID.Family {
  /// Golden snapshot files (`expect.golden`).
  public static let golden = CheckID.Family(declaring: "golden")
}

extension ScenarioKeys.Expect {
  /// `expect.golden`.
  package static let golden = ScenarioKey(family: "golden")
}

extension Scenario.Expectations {
  /// The `golden` family's part (`expect.golden`).
  package var golden: Scenario.GoldenSnapshots? {
    get { families[.golden, default: nil] }
    set { families[.golden, default: nil] = newValue }
  }
}

/// The `golden` family's declaration (``CheckRegistry``).
enum GoldenFamily: CheckFamily {
  static let family = CheckID.Family.golden

  /// The figures this family reports, with which way is worse and how far they may move
  /// (``FigureRule``: what `compare` and the trend page judge by).
  static var figureRules: [CheckID.Family.FigureDeclaration] {
    [
      CheckID.Family.FigureDeclaration("snapshots.matched", worse: .neither),
      CheckID.Family.FigureDeclaration("snapshots.recorded", worse: .neither),
      CheckID.Family.FigureDeclaration("snapshots.obsolete", worse: .higher),
    ]
  }

  static var expectKeys: [ScenarioKey] { [ScenarioKeys.Expect.golden] }

  static func decode(
    _ expect: ScenarioMapping, into expectations: inout Scenario.Expectations, with decoder: ScenarioDecoder,
    steps: [Scenario.Step]
  ) throws(ScenarioError) {
    if let node = expect[ScenarioKeys.Expect.golden] { expectations.golden = try decoder.golden(node, steps: steps) }
  }

  /// Resolves how golden files are treated: the runner's options, else the environment's; a
  /// variable that cannot be read is a failure and no golden file is checked.
  static func prepare(_ setup: inout RunSetup) {
    var (options, problem) = setup.runner.snapshots.map { ($0, nil) } ?? SnapshotOptions.environmentOrDefault()
    if options.variant == nil { options.variant = setup.runner.subject.goldenVariant }
    setup.snapshotOptions = options
    if let problem {
      setup.failures.append(
        ScenarioFailure("golden snapshots were not checked: \(problem.message)", check: CheckID(.golden, "options")))
    }
  }

  static func checks(for record: RunRecord, setup: RunSetup) -> [any ScenarioCheck] {
    guard !setup.failures.contains(where: { $0.check == CheckID(.golden, "options") }) else { return [] }
    return [GoldenCheck(golden: record.scenario.expectations.golden)]
  }
}
