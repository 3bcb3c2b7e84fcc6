import Foundation
import SimulatedDevice
import Simulation
import SpeechTwin

extension InvariantChecker {
  /// The ledger kinds that must be back to their baseline after a stop.
  // Asset downloads are not among them: the system owns a download and finishes it even when the
  // app stops waiting (Apple's AssetInventory), so one still running after a stop is no leak of the app's.
  // A legacy recognition task whose audio never ended (no endAudio(), finish() or cancel()) waits
  // for audio forever on a device too: it is the stack's to end.
  static let lifecycleKinds: [ResourceKind] = [
    .openAnalyzerSessions, .runningEngines, .installedTaps, .tasks, .openRecognitionTasks,
  ]

  func analyzerInputFormat() -> InvariantViolation? {
    // One streaming pass: an hours-long run has an input per tap buffer.
    var first: (time: Duration, format: String)?
    var rejected = 0
    var inputs = 0
    var accepted: String?
    for event in timeline.events.only([AnalyzerInputEvent.kind]) {
      guard let input = AnalyzerInputEvent(fields: event.fields) else { continue }
      inputs += 1
      if input.accepted {
        if accepted == nil { accepted = input.format }
      } else {
        rejected += 1
        if first == nil { first = (event.time, input.format) }
      }
    }
    guard let first else { return nil }
    let expected =
      accepted.map { "the format it accepted elsewhere in this run, \($0)" }
      ?? "SpeechAnalyzer.bestAvailableAudioFormat(compatibleWith:) (16 kHz Int16 mono on the twins)"
    return InvariantViolation(
      .analyzerInputFormat, at: first.time,
      "the analyzer received \(rejected) of \(inputs) buffers in \(first.format) instead of \(expected); the user sees no text and no error"
    )
  }

  func ledgerBaselineAfterStop() -> InvariantViolation? {
    let events = timeline.events
    guard let firstStart = events.firstIndex(where: { ScenarioStepEvent($0)?.isStart == true }),
      events.contains(where: { SubjectReturnedEvent($0)?.call == .stop }),
      events.last(where: { $0.kind == UIStateEvent.kind }).flatMap(UIStateEvent.init)?.isIdle == true
    else { return nil }
    let baseline = Self.ledgerCounts(events[..<firstStart])
    // Measured once the run's own steps are over (and settled), before the simulation tears the subject down;
    // but a screen dismissed while its start was still under way finishes that start on its own
    // (as a view's task would) and lets go of what it opened when it is freed: what is open then
    // is the dismissed screen's, judged by the dismissal checks, so the run's end counts (found by
    // `explore`: start, dismiss, start and stop in one instant).
    // Measured once the steps are over and their effects have settled (`settledEventCount`: a
    // synchronous stop() returns while the twins' own tasks still wind down in the same instant).
    let settled = settledEventCount.map { min($0, events.endIndex) - 1 } ?? 0
    let last =
      Self.dismissedWhileStarting(events)
      ? events.endIndex - 1
      : Self.settled(
        events,
        at: max(
          settled,
          events.lastIndex { $0.kind == UIStateEvent.kind } ?? 0,
          events.lastIndex { $0.kind == SubjectReturnedEvent.kind } ?? 0))
    var end = Self.ledgerCounts(events[...last])
    var dismissedLabels = Set<String>()
    // What a dismissed screen opened and still held when it was dismissed is the dismissal checks'
    // to judge (its objects must be freed): its teardown may still be under way when the reopened
    // screen's stop returns (found by `explore`: dismiss, start and stop in one instant).
    let lifecycle = Set(Self.lifecycleKinds.map(\.rawValue))
    let before = Self.openCounts(events[..<firstStart], kinds: lifecycle)
    let atEnd = Self.openCounts(events[...last], kinds: lifecycle)
    if let dismissal = events[...last].lastIndex(where: { ScenarioStepEvent($0)?.step == "dismiss" }) {
      let atDismissal = Self.openCounts(events[..<dismissal], kinds: lifecycle)
      for (key, open) in atDismissal {
        let held = min(open.count, atEnd[key]?.count ?? 0) - (before[key]?.count ?? 0)
        if held > 0 {
          end[open.kind, default: 0] -= held
          if held >= atEnd[key]?.count ?? 0 { dismissedLabels.insert(key) }
        }
      }
    }
    let grown = Self.lifecycleKinds.map(\.rawValue).compactMap { kind -> String? in
      let before = baseline[kind, default: 0], after = end[kind, default: 0]
      return before == after ? nil : "\(kind) \(before) → \(after)"
    }
    guard !grown.isEmpty else { return nil }
    let labels = Set(atEnd.keys).subtracting(before.keys).subtracting(dismissedLabels)
    return InvariantViolation(
      .ledgerBaselineAfterStop, at: events[last].time,
      "the scenario ended idle after a stop, but \(grown.joined(separator: ", ")) compared with before the first start\(labels.isEmpty ? "" : " (still open: \(labels.sorted().joined(separator: ", ")))")"
    )
  }

  /// The label of the engine twin's own input task, which `stop()` cancels.
  static let engineInputTask = "AVAudioEngine input"

  /// `last`, or the engine's input task ending later in the same virtual instant: `stop()` cancels
  /// that task and returns, and the task ends a few jobs later — first in the default order, after
  /// the stop returned under some seeded schedules (as on a device, where the engine's I/O thread
  /// winds down on its own). Its end belongs to the stop, whichever order the instant's jobs take.
  static func settled(_ events: TraceLog, at last: Int) -> Int {
    let time = events[last].time
    var settled = last
    var index = last + 1
    while index < events.endIndex, events[index].time == time {
      if let released = ResourceReleasedEvent(events[index]), released.resource == .tasks,
        released.label == engineInputTask
      {
        settled = index
      }
      index += 1
    }
    return settled
  }

  /// Whether a `dismiss` step came while a start had not returned yet.
  static func dismissedWhileStarting(_ events: TraceLog) -> Bool {
    var starting = 0
    for event in events.only([ScenarioStepEvent.kind, SubjectReturnedEvent.kind]) {
      if let step = ScenarioStepEvent(event) {
        if step.isStart { starting += 1 }
        if step.step == "dismiss", starting > 0 { return true }
      } else if SubjectReturnedEvent(event)?.call == .start {
        starting = max(0, starting - 1)
      }
    }
    return false
  }

  func inputBounded() -> InvariantViolation? {
    let reports = timeline.events(StackInputEvent.self)
    if !reports.isEmpty {
      for report in reports {
        let queued = report.queued, peak = report.peak, limit = report.limit
        guard limit > 0 else { continue }
        if max(queued, peak) > limit {
          return InvariantViolation(
            .inputBounded, at: report.time,
            "the stack's analyzer input queue held \(max(queued, peak)) buffers, over its limit of \(limit); memory grows while the user waits for text"
          )
        }
      }
      if reports.contains(where: { $0.limit > 0 }) { return nil }
    }
    return analyzerLag()
  }

  /// For stacks that report no limit: how far the analyzer's audio falls behind virtual time,
  /// measured from the best (smallest) delay seen in the same analyzer session, so a constant tap
  /// latency is not counted; interruptions and route changes start a new measurement.
  private func analyzerLag() -> InvariantViolation? {
    // A subject that reads a file (no engine) reads ahead of or behind virtual time as it likes:
    // the lag is the microphone's (found by `speech-replay explore`: a double start of a file).
    guard timeline.events.contains(where: { $0.kind == .engineStart }) else { return nil }
    var best: Double?
    // A scenario that lets a stack queue many buffers (`subject.inputBufferLimit`) lets one that
    // reports no queue lag as far: a briefly slow model is caught up with, not an unbounded queue.
    let allowance = tapInterval * (queueAllowance ?? 0)
    let bound = DurationText.seconds(maximumInputLag + allowance)
    let boundText =
      allowance > .zero
      ? "\(DurationText.text(maximumInputLag)) and \(queueAllowance ?? 0) tap buffers the scenario lets a queue hold"
      : DurationText.text(maximumInputLag)
    for event in timeline.events {
      if AnalyzerStartEvent(event) != nil {
        // Audio time 0 is captured about when the analyzer starts.
        best = DurationText.seconds(event.time)
        continue
      }
      if let step = ScenarioStepEvent(event), step.isInterruption || step.isRouteChange {
        best = nil
        continue
      }
      guard let input = AnalyzerInputEvent(event), input.end.isNumeric else { continue }
      let end = input.end.seconds
      let delay = DurationText.seconds(event.time) - end
      let floor = min(best ?? delay, delay)
      best = floor
      if delay - floor > bound {
        return InvariantViolation(
          .inputBounded, at: event.time,
          "the analyzer was reading audio from \(input.end.millisecondsText) s, \(String(format: "%.1f", delay - floor)) s behind the microphone (bound \(boundText)); the input backs up without limit and the text lags what is said"
        )
      }
    }
    return nil
  }

  /// Open resources per ledger kind after `events`.
  static func ledgerCounts(_ events: Slice<TraceLog>) -> [String: Int] {
    var counts: [String: Int] = [:]
    forEachLedgerEvent(in: events) { event in
      if let acquired = ResourceAcquiredEvent(event) { counts[acquired.resource.rawValue, default: 0] += 1 }
      if let released = ResourceReleasedEvent(event) { counts[released.resource.rawValue, default: 0] -= 1 }
    }
    return counts
  }

  /// How many of each resource (`kind: label`) of `kinds` are open after `events`, with its kind.
  static func openCounts(_ events: Slice<TraceLog>, kinds: Set<String>) -> [String: (kind: String, count: Int)] {
    var open: [String: (kind: String, count: Int)] = [:]
    forEachLedgerEvent(in: events) { event in
      if let acquired = ResourceAcquiredEvent(event), kinds.contains(acquired.resource.rawValue) {
        open["\(acquired.resource): \(acquired.label)", default: (acquired.resource.rawValue, 0)].count += 1
      }
      if let released = ResourceReleasedEvent(event), kinds.contains(released.resource.rawValue) {
        open["\(released.resource): \(released.label)", default: (released.resource.rawValue, 0)].count -= 1
      }
    }
    return open.filter { $0.value.count > 0 }
  }

  /// Calls `body` with every ledger event (acquired, released) of `events` in order, and perhaps
  /// others (a spilled trace's). In memory the kinds are compared in place, so the other events,
  /// most of a trace, are not copied: a copy retains the event's fields, and these passes run
  /// several times over the whole trace (such copies were about 5 % of the ten-minute session's CPU).
  static func forEachLedgerEvent(in events: Slice<TraceLog>, _ body: (TraceEvent) -> Void) {
    let scanned: Void? = events.base.withContiguousStorageIfAvailable { all in
      for index in events.indices {
        let kind = all[index].kind
        if kind == .resourceAcquired || kind == .resourceReleased { body(all[index]) }
      }
    }
    if scanned == nil { for event in events { body(event) } }
  }
}
