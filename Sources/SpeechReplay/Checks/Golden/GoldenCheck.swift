/// `expect.golden`: the run's UI states against the golden files beside the scenario, recorded as
/// the record mode says (`golden.<snapshot>`).
struct GoldenCheck: ScenarioCheck {
  var family: CheckID.Family { .golden }
  /// The snapshots compared, if the scenario asks for any (obsolete files are reported either way).
  var golden: Scenario.GoldenSnapshots?

  func evaluate(_ run: RunRecord) -> CheckOutcome {
    var states = run.output.snapshots
    states[Scenario.GoldenSnapshots.finalName] = run.output.finalState
    let report = GoldenSnapshotCheck(options: run.snapshotOptions).check(
      golden, scenarioFile: run.scenario.file, states: states)
    var outcome = CheckOutcome(failures: report.failures, notes: report.warnings)
    if golden != nil || !report.obsolete.isEmpty {
      outcome.figures = [
        Figure("snapshots.matched", Double(report.matched), unit: .count),
        Figure("snapshots.recorded", Double(report.recorded.count), unit: .count),
        Figure("snapshots.obsolete", Double(report.obsolete.count), unit: .count),
      ]
    }
    return outcome
  }
}
