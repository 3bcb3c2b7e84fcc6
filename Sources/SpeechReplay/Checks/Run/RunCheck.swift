import Simulation
import SpeechTwin

/// The run itself: counts every report shows (buffers, conversions, inputs, results, UI states,
/// trace events, ledger resources left open), and the failures of a simulation that did not end
/// well (`run.stopped`, `run.watchdog`, `run.timers`, `run.unfinished`, `run.escaped`, `run.start`).
struct RunCheck: ScenarioCheck {
  var family: CheckID.Family { .run }

  func evaluate(_ run: RunRecord) -> CheckOutcome {
    let timeline = run.timeline
    var figures = [
      Figure("virtualSeconds", DurationText.seconds(run.virtualTime), unit: .seconds),
      Figure("buffers", Double(timeline.count(of: .engineBuffer)), unit: .count),
      Figure("conversions", Double(timeline.count(of: .converterConvert)), unit: .count),
      Figure("inputs", Double(timeline.count(of: .analyzerInput)), unit: .count),
      Figure("inputsRejected", Double(timeline.count(AnalyzerInputEvent.self) { !$0.accepted }), unit: .count),
      Figure("results", Double(timeline.count(of: .analyzerResult)), unit: .count),
      Figure("uiStates", Double(timeline.count(of: .uiState)), unit: .count),
      Figure("traceEvents", Double(timeline.events.count), unit: .count),
    ]
    for (kind, count) in run.ledgerAtEnd.resources where count != 0 {
      figures.append(Figure("ledger.\(kind)", Double(count), unit: .count))
    }
    return CheckOutcome(figures: figures)
  }

  /// The failures of a simulation that stopped early, ran out of time or let work escape.
  /// - Parameters:
  ///   - report: The simulation's report.
  ///   - scenario: The scenario that ran.
  ///   - watchdog: The run's wall-clock limit.
  /// - Returns: The failures; none for a run that finished deterministically.
  static func failures<Value>(
    of report: Simulation.Report<Value>, scenario: Scenario, watchdog: Duration
  ) -> [ScenarioFailure] {
    var failures: [ScenarioFailure] = []
    let end = DurationText.seconds(report.virtualTime)
    if let bodyError = report.bodyError {
      failures.append(
        ScenarioFailure("the run stopped: \(bodyError)", check: CheckID(.run, "stopped"), virtualTime: end))
    } else if report.outcome != .finished {
      failures.append(unfinished(report.outcome, scenario: scenario, watchdog: watchdog, end: end))
    }
    if !report.isDeterministic {
      failures.append(
        ScenarioFailure(
          "work escaped the simulation (\(report.escapes.map { String(describing: $0) }.joined(separator: "; "))), so the run is not repeatable; keep the subject's asynchrony in Swift concurrency",
          check: CheckID(.run, "escaped")))
    }
    return failures
  }

  /// A run the simulation stopped, in the words of someone running a scenario file.
  static func unfinished(
    _ outcome: Simulation.Outcome, scenario: Scenario, watchdog: Duration, end: Double
  ) -> ScenarioFailure {
    let place = SourceLocation(file: scenario.file, line: 1, column: 1)
    switch outcome {
    case .watchdogExpired(let wall):
      let seconds = Int(DurationText.seconds(wall).rounded(.up))
      return ScenarioFailure(
        "the run took more than its wall-clock limit of \(seconds)s and was stopped (the steps add up to \(StepMeasure.text(DurationText.seconds(scenario.totals.virtualTime))) of virtual time); "
          + "if the subject is slow rather than stuck, raise the limit with 'limits: { wallClock: \(max(seconds * 4, 600))s }' in the scenario, else look for a busy loop in the subject",
        check: CheckID(.run, "watchdog"), at: place, virtualTime: end)
    case .virtualTimeLimitReached(let limit):
      return ScenarioFailure(
        "the subject still had timers pending after \(StepMeasure.text(DurationText.seconds(limit))) of virtual time, long after the steps ended; "
          + "a periodic task that never stops keeps the run going: stop it when the subject stops",
        check: CheckID(.run, "timers"), at: place, virtualTime: end)
    default:
      return ScenarioFailure(
        "the simulation did not finish: \(outcome)", check: CheckID(.run, "unfinished"), at: place, virtualTime: end)
    }
  }
}
