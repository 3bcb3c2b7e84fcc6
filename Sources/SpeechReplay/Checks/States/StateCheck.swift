/// `expect.final` and `expect.snapshots`: the UI state after the last step and at each named
/// snapshot, field by field (`state.final`, `state.snapshot`).
struct StateCheck: ScenarioCheck {
  var family: CheckID.Family { .state }
  /// The state expected after the last step.
  var final: StateExpectation?
  /// The states expected at named snapshots, in file order.
  var snapshots: [NamedStateExpectation]

  /// The final state's check.
  static let finalID = CheckID(.state, "final")
  /// A snapshot's check.
  static let snapshotID = CheckID(.state, "snapshot")

  func evaluate(_ run: RunRecord) -> CheckOutcome {
    var failures: [ScenarioFailure] = []
    let uiStates = run.timeline.events(UIStateEvent.self)
    if let final {
      let end = run.timeline.events.last.map { DurationText.seconds($0.time) }
      failures += final.failures(
        against: run.output.finalState, context: "at the end", check: Self.finalID, virtualTime: end,
        audioTime: uiStates.last.map { DurationText.seconds($0.event.audio) })
    }
    let taken = run.timeline.events(ScenarioSnapshotEvent.self)
    for (name, expectation) in snapshots.map({ ($0.name, $0.expectation) }) {
      guard let state = run.output.snapshots[name] else {
        failures.append(
          ScenarioFailure(
            "the snapshot '\(name)' was never taken: the run ended before its step", check: Self.snapshotID))
        continue
      }
      // A snapshot in a cycle keeps its last pass, so its time is the last one taken.
      let time = taken.last { $0.event.name == name }?.time
      let audio = time.flatMap { time in uiStates.last { $0.time <= time }.map { DurationText.seconds($0.event.audio) }
      }
      failures += expectation.failures(
        against: state, context: "at snapshot '\(name)'", check: Self.snapshotID,
        virtualTime: time.map(DurationText.seconds), audioTime: audio)
    }
    return CheckOutcome(failures: failures)
  }
}
