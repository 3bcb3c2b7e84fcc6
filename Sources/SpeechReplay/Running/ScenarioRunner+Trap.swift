extension ScenarioRunner {
  /// `failures` with the scenario's trap appended to each message ("…; this scenario guards
  /// against: <trap>"), so a failure says which known trap the stack fell into.
  /// - Parameters:
  ///   - trap: The scenario's `expect.trap`, or nil to leave the messages as they are.
  ///   - failures: The expectation failures of the run.
  /// - Returns: The failures, each naming the trap.
  static func naming(_ trap: String?, in failures: [ScenarioFailure]) -> [ScenarioFailure] {
    guard let trap else { return failures }
    return failures.map { ScenarioFailure("\($0.message); this scenario guards against: \(trap)", at: $0.location) }
  }
}
