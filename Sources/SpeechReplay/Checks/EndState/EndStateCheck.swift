import AVFAudioTwin
import Simulation

/// A stack at rest: once a run ends idle after a start, what the stack left behind, each failure
/// naming what was left and since when (ScenarioFiles, "end state").
///
/// After the last stop: the audio session is inactive and was deactivated with
/// `.notifyOthersOnDeactivation` (Apple's guidance for recording apps: other apps' audio resumes
/// only then), no continuation the stack made is still waiting, and no engine, tap or analyzer
/// session is still held (`endState.audioSession`, `endState.continuation`, `endState.engine`,
/// `endState.tap`, `endState.analyzerSession`). With or without a stop: no repeating timer of the
/// stack, and none armed at or after the stop, is still scheduled (`endState.timer`).
///
/// Asset reservations are not judged, since a reservation is what keeps a model installed across
/// launches (Apple's `AssetInventory`), so a stack keeps it; the counts of tasks and recognition
/// tasks stay `ledgerBaselineAfterStop`'s.
struct EndStateCheck: ScenarioCheck {
  var family: CheckID.Family { .endState }

  func evaluate(_ run: RunRecord) -> CheckOutcome {
    let events = run.timeline.events
    guard let firstStart = events.firstIndex(where: { ScenarioStepEvent($0)?.isStart == true }),
      events.last(where: { $0.kind == UIStateEvent.kind }).flatMap(UIStateEvent.init)?.isIdle == true
    else { return .passed }
    // A stop that returned before the first start (a stop step on an idle screen) stopped nothing.
    guard let stop = events.lastIndex(where: { SubjectReturnedEvent($0)?.call == .stop }), stop > firstStart else {
      return CheckOutcome(failures: timers(run, stopTime: nil))
    }
    let stopTime = DurationText.seconds(events[stop].time)
    var failures: [ScenarioFailure] = []
    if let session = audioSession(run, events: events, stopTime: stopTime) { failures.append(session) }
    failures += continuations(
      events, firstStart: firstStart, stop: stop, settled: run.output.settledEventCount, stopTime: stopTime
    ).filter { !Self.isInFlight($0.label, working: run.output.scheduledTimers) }.map(\.failure)
    failures += held(run, events: events, firstStart: firstStart, stopTime: stopTime)
    failures += timers(run, stopTime: stopTime)
    return CheckOutcome(failures: failures)
  }

  /// The session still active, or deactivated without notifying others, after the stop.
  private func audioSession(_ run: RunRecord, events: TraceLog, stopTime: Double) -> ScenarioFailure? {
    guard let activity = AVAudioSession.activity(on: run.device) else { return nil }
    let last = events.last(where: { $0.kind == .sessionActive })
    let since = last.map { DurationText.seconds($0.time) }
    let when = since.map { "since \(StepMeasure.text($0))" } ?? "since the start"
    let fix = "call AVAudioSession.sharedInstance().setActive(false, options: .notifyOthersOnDeactivation) in stop()"
    if activity.isActive {
      return ScenarioFailure(
        "left behind after the stop at \(StepMeasure.text(stopTime)): the audio session is still active (\(when)); other apps' audio never resumes — \(fix)",
        check: CheckID(.endState, "audioSession"), virtualTime: stopTime)
    }
    if activity.deactivationNotifiedOthers == false {
      return ScenarioFailure(
        "left behind after the stop at \(StepMeasure.text(stopTime)): the audio session was deactivated (\(when)) without .notifyOthersOnDeactivation, so an app whose audio it interrupted is never told to resume — \(fix)",
        check: CheckID(.endState, "audioSession"), virtualTime: stopTime)
    }
    return nil
  }

  /// Continuations made after the first start and before the stop returned, still waiting once the
  /// stop's effects had settled. A stop tapped while the stack was already stopping by itself (a
  /// call that ended without `.shouldResume`) returns at once, and the stack's own stop may still be
  /// waiting for the analyzer to read the rest of the input: what resumes before the run settles is
  /// not left behind (found by `speech-replay explore`, issue 31).
  private func continuations(
    _ events: TraceLog, firstStart: Int, stop: Int, settled: Int?, stopTime: Double
  )
    -> [(label: String, failure: ScenarioFailure)]
  {
    let end = max(stop, min(settled ?? events.endIndex, events.endIndex) - 1)
    var open: [String: [Duration]] = [:]
    for index in firstStart...end {
      let event = events[index]
      if index <= stop, let acquired = ResourceAcquiredEvent(event), acquired.resource == .unfinishedContinuations {
        open[acquired.label, default: []].append(event.time)
      } else if let released = ResourceReleasedEvent(event), released.resource == .unfinishedContinuations {
        if open[released.label]?.isEmpty == false { open[released.label]?.removeFirst() }
      }
    }
    return open.filter { !$0.value.isEmpty }.sorted { $0.key < $1.key }.map { label, times in
      let since = StepMeasure.text(DurationText.seconds(times[0]))
      let failure = ScenarioFailure(
        "left behind after the stop at \(StepMeasure.text(stopTime)): \(times.count) continuation\(times.count == 1 ? "" : "s") '\(label)' still waiting (made at \(since)); whatever awaits it never resumes — resume or finish it when the stack stops",
        check: CheckID(.endState, "continuation"), virtualTime: stopTime)
      return (label, failure)
    }
  }

  /// Whether the wait `label` is work in flight rather than left behind: the twin it names first
  /// (the twins label their waits "owner: what", as "analyzer 1: …", and their clocks with the same
  /// owner) still had a timer armed when the run came to rest — a model slower than real time still
  /// reading the queue, a result still to deliver — so the wait ends once that work does, on a device
  /// too. The run ends at its last step, before that (found by `speech-replay explore`, issue 31,
  /// seed 21: a screen dismissed and reopened while its stack still finalized a stop of its own; a
  /// pending call holds Apple's analyzer as it holds the twin, so it is not released meanwhile). A
  /// wait with nothing armed that could end it is still left behind.
  static func isInFlight(_ label: String, working timers: [Simulation.ScheduledTimer]) -> Bool {
    guard let colon = label.range(of: ": ") else { return false }
    let owner = label[..<colon.lowerBound]
    return timers.contains { $0.owner.map { $0 == owner } == true }
  }
}
