import Simulation

extension ScenarioRunner {
  /// Why a loaded scenario cannot run with this runner: steps past the limits, or a `subject.preset`
  /// the subject does not have. Nil when it can run.
  func refusal(of scenario: Scenario) -> ScenarioFailure? {
    do {
      try scenario.checkLimits(limits)
    } catch {
      return error.failure
    }
    if let preset = scenario.subject.preset, let presets = subject.presets, !presets.contains(preset) {
      let known = presets.isEmpty ? "has no presets" : "has the presets \(presets.map { "'\($0)'" }.joined(separator: ", "))"
      return ScenarioFailure(
        "'subject.preset' is '\(preset)', but the subject \(subject.name) \(known)\(ScenarioNode.suggestion(preset, presets)); "
          + "remove the key for the subject's default, or name one of its presets",
        at: scenario.presetLocation ?? SourceLocation(file: scenario.file, line: 1, column: 1))
    }
    return nil
  }

  /// The simulation's own virtual-time stop: well past what the steps add up to, so a subject whose
  /// timers run on forever is stopped, and a long session the limits allow is not.
  func virtualTimeLimit(for scenario: Scenario) -> Duration {
    let allowed = (limits.raised(by: scenario.limits).virtualTime ?? .seconds(2 * 3600))
    // Exploration runs short scenarios by the thousand: a forever-timer is stopped sooner.
    if let simulationTimeLimit { return max(simulationTimeLimit, .seconds(2 * DurationText.seconds(scenario.totals.virtualTime))) }
    return max(.seconds(24 * 3600), allowed * 2 + .seconds(3600))
  }

  /// A run the simulation stopped, in the words of someone running a scenario file.
  func unfinished(_ outcome: Simulation.Outcome, scenario: Scenario, watchdog: Duration) -> ScenarioFailure {
    let place = SourceLocation(file: scenario.file, line: 1, column: 1)
    switch outcome {
    case .watchdogExpired(let wall):
      let seconds = Int(DurationText.seconds(wall).rounded(.up))
      return ScenarioFailure(
        "the run took more than its wall-clock limit of \(seconds)s and was stopped (the steps add up to \(StepMeasure.text(DurationText.seconds(scenario.totals.virtualTime))) of virtual time); "
          + "if the subject is slow rather than stuck, raise the limit with 'limits: { wallClock: \(max(seconds * 4, 600))s }' in the scenario, else look for a busy loop in the subject",
        at: place)
    case .virtualTimeLimitReached(let limit):
      return ScenarioFailure(
        "the subject still had timers pending after \(StepMeasure.text(DurationText.seconds(limit))) of virtual time, long after the steps ended; "
          + "a periodic task that never stops keeps the run going: stop it when the subject stops",
        at: place)
    default:
      return ScenarioFailure("the simulation did not finish: \(outcome)", at: place)
    }
  }
}
