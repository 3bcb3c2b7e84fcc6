extension Scenario {
  /// The checks this scenario asks for, in the order their failures are reported: the run's own
  /// figures, then what the user saw, then timing, leaks, golden files, invariants and the audio.
  /// Families with nothing to check for this scenario report nothing.
  /// - Parameter goldenFiles: Whether golden files can be checked (the record mode is readable).
  /// - Returns: The checks.
  func checks(goldenFiles: Bool = true) -> [any ScenarioCheck] {
    var checks: [any ScenarioCheck] = [
      RunCheck(),
      StateCheck(final: expectations.final, snapshots: expectations.snapshots),
      DiagnosticsCheck(expectation: expectations.diagnostics, location: expectations.diagnosticsLocation),
    ]
    if let observed { checks.append(DivergenceCheck(observed: observed)) }
    checks += [
      DismissalCheck(),
      BudgetCheck(budgets: expectations.budgets, modelCost: timing.modelCost),
      MetricCheck(limits: expectations.metrics),
      LeakCheck(leaks: expectations.leaks),
    ]
    if goldenFiles { checks.append(GoldenCheck(golden: expectations.golden)) }
    checks += [InvariantCheck(settings: expectations.invariants), InputQueueCheck()]
    if expectations.audio.isChecked { checks.append(AudioCheck(expectation: expectations.audio)) }
    return checks
  }
}
