/// `expect.golden`: the run's UI states against the golden files beside the scenario, recorded as
/// the record mode says (`golden.<snapshot>`).
struct GoldenCheck: ScenarioCheck {
  var family: CheckID.Family { .golden }
  /// The snapshots compared, if the scenario asks for any (obsolete files are reported either way).
  var golden: Scenario.GoldenSnapshots?

  func evaluate(_ run: RunRecord) -> CheckOutcome {
    var states = run.output.snapshots
    states[Scenario.GoldenSnapshots.finalName] = run.output.finalState
    // A stack that drops audio on purpose shows the text of what it kept: which words that is
    // depends on the stack's queue (how long, which end it drops), so another correct stack's
    // text differs from the shared file's.
    let dropsAudio = run.scenario.expectations.audio.maximumLost > .zero
    let report = GoldenSnapshotCheck(options: run.snapshotOptions).check(
      golden, scenarioFile: run.scenario.file, states: states, restarted: Self.takenAfterRestart(run.timeline),
      textOfKeptAudio: dropsAudio)
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

  /// The snapshots (and `final`) taken after a second start: what an earlier session committed may
  /// be kept or cleared there, each a correct stack's choice.
  static func takenAfterRestart(_ timeline: Timeline) -> Set<String> {
    var starts = 0
    var names = Set<String>()
    for event in timeline.events.only([ScenarioStepEvent.kind, ScenarioSnapshotEvent.kind]) {
      if ScenarioStepEvent(event)?.isStart == true { starts += 1 }
      if starts > 1, let snapshot = ScenarioSnapshotEvent(event) { names.insert(snapshot.name) }
    }
    if starts > 1 { names.insert(Scenario.GoldenSnapshots.finalName) }
    return names
  }
}
