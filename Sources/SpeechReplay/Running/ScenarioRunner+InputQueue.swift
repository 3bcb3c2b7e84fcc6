extension ScenarioRunner {
  /// Figures of the subject's reported input queue (`stack.input`, from an ``InputQueueReporting``
  /// subject): `stack.input.peak` (most buffers queued at once), `stack.input.dropped` (buffers the
  /// stack dropped to stay within its limit) and `stack.input.limit` (0: unbounded). Empty when the
  /// subject reports no queue.
  /// - Parameter timeline: The run's timeline.
  /// - Returns: The figures, keyed by name.
  static func inputQueueFigures(_ timeline: Timeline) -> [String: Double] {
    let reports = timeline.events(StackInputEvent.self)
    guard !reports.isEmpty else { return [:] }
    // The reported peak and drop counts only grow over a run, but take the largest seen anyway.
    func largest(_ field: KeyPath<StackInputEvent, Int>) -> Double { Double(reports.map { $0.event[keyPath: field] }.max() ?? 0) }
    return ["stack.input.peak": largest(\.peak), "stack.input.dropped": largest(\.dropped), "stack.input.limit": largest(\.limit)]
  }
}
