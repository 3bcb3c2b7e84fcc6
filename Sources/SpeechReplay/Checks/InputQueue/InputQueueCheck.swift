/// Figures of the subject's reported input queue (`stack.input`, from an ``InputQueueReporting``
/// subject): `stack.input.peak` (most buffers queued at once), `stack.input.dropped` (buffers the
/// stack dropped to stay within its limit) and `stack.input.limit` (0: unbounded). None when the
/// subject reports no queue. Whether the queue stays bounded is the `input-bounded` invariant.
struct InputQueueCheck: ScenarioCheck {
  var family: CheckID.Family { .inputQueue }

  func evaluate(_ run: RunRecord) -> CheckOutcome {
    let reports = run.timeline.events(StackInputEvent.self)
    guard !reports.isEmpty else { return .passed }
    // The reported peak and drop counts only grow over a run, but take the largest seen anyway.
    func largest(_ field: KeyPath<StackInputEvent, Int>) -> Double {
      Double(reports.map { $0.event[keyPath: field] }.max() ?? 0)
    }
    return CheckOutcome(figures: [
      Figure("stack.input.peak", largest(\.peak), unit: .count),
      Figure("stack.input.dropped", largest(\.dropped), unit: .count),
      Figure("stack.input.limit", largest(\.limit), unit: .count),
    ])
  }
}
