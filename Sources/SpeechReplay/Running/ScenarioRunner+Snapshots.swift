extension ScenarioRunner {
  /// Compares the run's UI states with the scenario's golden files and folds the report into the
  /// result: failures, warning lines in the output, and figures `snapshots.matched`,
  /// `snapshots.recorded`, `snapshots.obsolete`.
  func checkGoldenSnapshots(_ scenario: Scenario, finalState: UIState, snapshots states: [String: UIState], into result: inout ScenarioResult) -> [ScenarioFailure] {
    var (options, problem) = snapshots.map { ($0, nil) } ?? SnapshotOptions.environmentOrDefault()
    if options.variant == nil { options.variant = subject.goldenVariant }
    if let problem {
      return [ScenarioFailure("golden snapshots were not checked: \(problem.message)")]
    }
    var states = states
    states[Scenario.GoldenSnapshots.finalName] = finalState
    let report = GoldenSnapshotCheck(options: options).check(scenario.expectations.golden, scenarioFile: scenario.file, states: states)
    if !report.warnings.isEmpty {
      result.output += report.warnings.map { $0 + "\n" }.joined()
    }
    if scenario.expectations.golden != nil || !report.obsolete.isEmpty {
      result.figures["snapshots.matched"] = Double(report.matched)
      result.figures["snapshots.recorded"] = Double(report.recorded.count)
      result.figures["snapshots.obsolete"] = Double(report.obsolete.count)
    }
    return report.failures
  }
}
