/// A scenario imported from a capture: the UI its replay showed against the UI the device showed
/// (`observed.timeline`), `divergence.first` — or, with `divergence: expected`, `divergence.gone`
/// when they agree (the bug is back).
struct DivergenceCheck: ScenarioCheck {
  var family: CheckID.Family { .divergence }
  /// What the device showed and whether a divergence is expected.
  var observed: Scenario.Observed

  func evaluate(_ run: RunRecord) -> CheckOutcome {
    let divergence = CaptureDivergence.first(observed: observed.states, timeline: run.timeline)
    switch (divergence, observed.divergenceExpected) {
    case (let divergence?, false):
      return CheckOutcome(failures: [
        ScenarioFailure(
          "the replay differs from the device: \(divergence); if the difference is the fix, set observed.divergence: expected",
          check: CheckID(.divergence, "first"), at: observed.location, virtualTime: divergence.virtualTime,
          audioTime: divergence.audioTime)
      ])
    case (nil, true):
      return CheckOutcome(failures: [
        ScenarioFailure(
          "the replay shows exactly what the device showed, but observed.divergence is expected (the bug should be fixed); the bug is back, or set divergence: none",
          check: CheckID(.divergence, "expected"), at: observed.location)
      ])
    default: return .passed
    }
  }
}
