import Simulation

extension EndStateCheck {
  /// A ledger kind the stack must have let go of at rest, with its check name, what is left and the fix.
  struct HeldKind {
    let kind: ResourceKind
    let name: String
    let noun: String
    let left: String
    let fix: String
  }

  /// Engines, taps and analyzer sessions: what a stop must end (`endState.engine`, `endState.tap`,
  /// `endState.analyzerSession`).
  static let heldKinds = [
    HeldKind(
      kind: .runningEngines, name: "engine", noun: "the engine", left: "is still running",
      fix: "call engine.stop() in stop()"),
    HeldKind(
      kind: .installedTaps, name: "tap", noun: "the tap", left: "is still installed",
      fix: "call inputNode.removeTap(onBus: 0) in stop()"),
    HeldKind(
      kind: .openAnalyzerSessions, name: "analyzerSession", noun: "the analyzer session", left: "is still open",
      fix:
        "finish it in stop(): finalizeAndFinishThroughEndOfInput(), or cancelAndFinishNow() when the text is not wanted"
    ),
  ]

  /// What the stack opened after the first start and still held once the stop's effects settled,
  /// each named with its label and since when. After a dismiss, what the dismissed screen held is
  /// the dismissal checks' (and `ledgerBaselineAfterStop`'s) to judge.
  func held(_ run: RunRecord, events: TraceLog, firstStart: Int, stopTime: Double) -> [ScenarioFailure] {
    guard run.output.dismissals.isEmpty else { return [] }
    let end = min(run.output.settledEventCount ?? events.endIndex, events.endIndex)
    guard firstStart < end else { return [] }
    let kinds = Set(Self.heldKinds.map(\.kind))
    var open: [ResourceKind: [(label: String, since: Duration)]] = [:]
    for event in events[firstStart..<end] {
      if let acquired = ResourceAcquiredEvent(event), kinds.contains(acquired.resource) {
        open[acquired.resource, default: []].append((acquired.label, event.time))
      } else if let released = ResourceReleasedEvent(event), kinds.contains(released.resource),
        let index = open[released.resource]?.firstIndex(where: { $0.label == released.label })
      {
        open[released.resource]?.remove(at: index)
      }
    }
    return Self.heldKinds.flatMap { held in
      (open[held.kind] ?? []).map { resource in
        ScenarioFailure(
          "left behind after the stop at \(StepMeasure.text(stopTime)): \(held.noun) '\(resource.label)' \(held.left) (since \(StepMeasure.text(DurationText.seconds(resource.since)))) — \(held.fix)",
          check: CheckID(.endState, held.name), virtualTime: stopTime)
      }
    }
  }
}
