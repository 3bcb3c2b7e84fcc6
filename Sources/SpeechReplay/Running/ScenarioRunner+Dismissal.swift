import Simulation

extension ScenarioRunner {
  /// What `dismiss` steps leave behind, checked after the simulation has finished (every task has
  /// run or is stuck for good): each dismissed subject must be deallocated, and when the run ends
  /// with the screen dismissed, no tracked object (`LiveObjectTracker`: the twins' analyzers,
  /// transcribers and recognizers, and the app's own types that hold one) may outlive it.
  static func dismissalFailures(_ output: ScenarioSession.Output) -> [ScenarioFailure] {
    var failures: [ScenarioFailure] = []
    for dismissal in output.dismissals where dismissal.subject != nil {
      failures.append(
        ScenarioFailure(
          "the subject \(dismissal.typeName) is still alive after its screen was dismissed: something holds it "
            + "(a task that never ends, a tap block or observer that captures it strongly, a retain cycle); capture it weakly, "
            + "remove the tap and observers on stop, and let every task end",
          at: dismissal.location))
    }
    guard output.endedDismissed, !output.dismissals.isEmpty else { return failures }
    let after = output.objectScope.map { LiveObjectTracker.liveCounts(createdIn: $0) } ?? LiveObjectTracker.liveCounts()
    let grown = after.keys.sorted().compactMap { name -> String? in
      let before = output.objectsBefore[name, default: 0], now = after[name, default: 0]
      return now > before ? "\(name) \(before) → \(now)" : nil
    }
    if !grown.isEmpty {
      failures.append(
        ScenarioFailure(
          "objects outlive the dismissed screen: \(grown.joined(separator: ", ")); whatever made them still holds them (the subject's tasks, a cache, a singleton)",
          at: output.dismissals.last?.location))
    }
    return failures
  }
}
