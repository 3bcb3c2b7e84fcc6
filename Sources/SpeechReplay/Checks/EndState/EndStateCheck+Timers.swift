import Simulation

extension EndStateCheck {
  /// The stack's timers still scheduled when the run came to rest (`endState.timer`): each one that
  /// repeats (its task, or its chain of main-queue blocks, armed timers before) or that was armed at
  /// or after the last stop. A one-shot timer armed before the stop is not judged: it fires once and
  /// ends, and what it then does is the stack's guard's to decide (a stale silence timer that checks
  /// a generation number is correct code). Timers of the twins and the harness
  /// (``Simulation/ScheduledTimer/owner``) are not the stack's: what they serve (an engine, an
  /// analyzer session) is judged where it is counted.
  func timers(_ run: RunRecord, stopTime: Double?) -> [ScenarioFailure] {
    // After a dismiss, what the dismissed screen still runs is the dismissal checks' to judge.
    guard run.output.dismissals.isEmpty else { return [] }
    let rest = stopTime.map { "after the stop at \(StepMeasure.text($0))" } ?? "when the run ended idle"
    return run.output.scheduledTimers.filter { timer in
      guard timer.owner == nil else { return false }
      return timer.repeats || stopTime.map { DurationText.seconds(timer.armedAt) >= $0 } == true
    }.map { timer in
      ScenarioFailure(
        "left behind \(rest): \(Self.describe(timer)) is still scheduled; the stack keeps working while the screen says idle — cancel its task (or stop re-arming it) in stop()",
        check: CheckID(.endState, "timer"), virtualTime: stopTime ?? DurationText.seconds(timer.armedAt))
    }
  }

  /// "a repeating timer of the stack (a sleep on …, in task 'x', every 1s since 300ms, 4 armed), next due at 4.3s".
  static func describe(_ timer: Simulation.ScheduledTimer) -> String {
    let place =
      switch timer.kind {
      case .mainQueueBlock: timer.taskName.map { "armed in task '\($0)'" } ?? "armed from the main queue"
      default: timer.taskName.map { "in task '\($0)'" } ?? "in an unnamed task (Task(name:) names it here)"
      }
    let interval = StepMeasure.text(DurationText.seconds(timer.deadline - timer.armedAt))
    let since = StepMeasure.text(DurationText.seconds(timer.firstArmedAt))
    let due = StepMeasure.text(DurationText.seconds(timer.deadline))
    if timer.repeats {
      return
        "a repeating timer of the stack (\(timer.kind.rawValue), \(place), every \(interval), armed \(timer.earlierTimers + 1) times since \(since)), next due at \(due),"
    }
    return
      "a timer the stack armed at \(since) (\(timer.kind.rawValue), \(place), for \(interval)), due at \(due),"
  }
}
