/// `expect.diagnostics`: what the twins reported that a developer cannot see on a device — none,
/// only known ones (`allow`), or some that must appear (`diagnostics.none`, `diagnostics.allow`,
/// `diagnostics.contains`).
struct DiagnosticsCheck: ScenarioCheck {
  var family: CheckID.Family { .diagnostics }
  /// What the diagnostics must be.
  var expectation: Scenario.Expectations.Diagnostics
  /// Where `diagnostics: none` is written.
  var location: SourceLocation?

  func evaluate(_ run: RunRecord) -> CheckOutcome {
    let diagnostics = run.device.diagnostics.map { "\($0.subject): \($0.message)" }
    let warnings = run.device.diagnostics.filter { $0.level == .warning }.map { "\($0.subject): \($0.message)" }
    var failures: [ScenarioFailure] = []
    switch expectation {
    case .unchecked: break
    case .none:
      if !warnings.isEmpty {
        failures.append(
          ScenarioFailure(
            "expected no diagnostics but the twins reported \(warnings.count) warning\(warnings.count == 1 ? "" : "s"): \(warnings.joined(separator: " | ")); "
              + "fix the cause, or accept a known one with diagnostics: { allow: [\"a text it contains\"] }",
            check: CheckID(.diagnostics, "none"), at: location))
      }
    case .allowing(let texts, let location):
      let unexpected = warnings.filter { warning in !texts.contains { warning.contains($0) } }
      if !unexpected.isEmpty {
        failures.append(
          ScenarioFailure(
            "the twins reported \(unexpected.count) warning\(unexpected.count == 1 ? "" : "s") that 'allow' does not list: \(unexpected.joined(separator: " | ")); "
              + "fix the cause, or add a text it contains to 'allow'",
            check: CheckID(.diagnostics, "allow"), at: location))
      }
    case .containing(let texts, let location):
      for text in texts where !diagnostics.contains(where: { $0.contains(text) }) {
        failures.append(
          ScenarioFailure(
            "no diagnostic contains '\(text)'; the twins reported \(diagnostics.isEmpty ? "none" : diagnostics.joined(separator: " | "))",
            check: CheckID(.diagnostics, "contains"), at: location))
      }
    }
    return CheckOutcome(
      figures: [Figure("diagnostics", Double(run.device.diagnostics.count), unit: .count)], failures: failures)
  }
}
