import SimulatedDevice

/// A family of checks, declared in its own folder under `Checks/` and listed once in
/// ``CheckRegistry``: its name, its scenario key(s) under `expect:` and their decoder, what it
/// prepares before the run, the checks it runs on the record, and what it adds to the run's report.
///
/// The runner knows no family: it asks every registered one in turn (swift-testing's traits are the
/// model), so adding a family is its folder plus one line in ``CheckRegistry/families``
/// (`Documentation/Architecture.md`, "Adding a check").
protocol CheckFamily {
  /// The family's name, declared in its folder (`extension CheckID.Family { public static let … }`).
  static var family: CheckID.Family { get }

  /// The keys under `expect:` this family reads; empty when it has none.
  static var expectKeys: [ScenarioKey] { get }

  /// The figures this family's checks report, each with which way is worse and its tolerance
  /// (``FigureRule``); empty when it reports none.
  static var figureRules: [CheckID.Family.FigureDeclaration] { get }

  /// Reads this family's keys of `expect:` into `expectations` (defaults stay when a key is absent).
  /// - Parameters:
  ///   - expect: The `expect:` mapping, already checked against every family's keys.
  ///   - expectations: Where the family keeps its part.
  ///   - decoder: The scenario's decoder (file and folder, shared readers).
  ///   - steps: The scenario's steps (for keys that name snapshots or cycles).
  static func decode(
    _ expect: ScenarioMapping, into expectations: inout Scenario.Expectations, with decoder: ScenarioDecoder,
    steps: [Scenario.Step]
  ) throws(ScenarioError)

  /// Sets up what the family needs before the simulation starts (the device, the configuration).
  static func prepare(_ setup: inout RunSetup)

  /// The checks this family runs on a finished run, in the order their failures are reported;
  /// empty when the scenario asks nothing of it. Called after every earlier family's checks have run.
  static func checks(for record: RunRecord, setup: RunSetup) -> [any ScenarioCheck]

  /// Adds what the family shows besides figures and failures (a report lane) to the run.
  /// - Parameters:
  ///   - outcomes: This family's outcomes (empty when no check ran).
  ///   - setup: The run's setup.
  ///   - run: The run handed to the reporters.
  static func report(_ outcomes: [CheckOutcome], setup: RunSetup, into run: inout ScenarioRun)
}

extension CheckFamily {
  static var expectKeys: [ScenarioKey] { [] }

  static var figureRules: [CheckID.Family.FigureDeclaration] { [] }

  static func decode(
    _ expect: ScenarioMapping, into expectations: inout Scenario.Expectations, with decoder: ScenarioDecoder,
    steps: [Scenario.Step]
  ) throws(ScenarioError) {}

  static func prepare(_ setup: inout RunSetup) {}

  static func report(_ outcomes: [CheckOutcome], setup: RunSetup, into run: inout ScenarioRun) {}
}
