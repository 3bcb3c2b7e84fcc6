import AVFAudioTwin
import Simulation
import SimulatedDevice
import SpeechTwin

extension ScenarioRunner {
  /// The failures of `expectations` against what the run produced.
  static func check(_ expectations: Scenario.Expectations, output: ScenarioSession.Output, device: SimulatedDevice) -> [ScenarioFailure] {
    var failures: [ScenarioFailure] = []
    if let final = expectations.final {
      failures += final.failures(against: output.finalState, context: "at the end")
    }
    for (name, expectation) in expectations.snapshots {
      guard let state = output.snapshots[name] else {
        failures.append(ScenarioFailure("the snapshot '\(name)' was never taken: the run ended before its step"))
        continue
      }
      failures += expectation.failures(against: state, context: "at snapshot '\(name)'")
    }
    let diagnostics = device.diagnostics.map { "\($0.subject): \($0.message)" }
    let warnings = device.diagnostics.filter { $0.level == .warning }.map { "\($0.subject): \($0.message)" }
    switch expectations.diagnostics {
    case .unchecked: break
    case .none:
      if !warnings.isEmpty {
        failures.append(
          ScenarioFailure(
            "expected no diagnostics but the twins reported \(warnings.count) warning\(warnings.count == 1 ? "" : "s"): \(warnings.joined(separator: " | ")); "
              + "fix the cause, or accept a known one with diagnostics: { allow: [\"a text it contains\"] }",
            at: expectations.diagnosticsLocation))
      }
    case .allowing(let texts, let location):
      let unexpected = warnings.filter { warning in !texts.contains { warning.contains($0) } }
      if !unexpected.isEmpty {
        failures.append(
          ScenarioFailure(
            "the twins reported \(unexpected.count) warning\(unexpected.count == 1 ? "" : "s") that 'allow' does not list: \(unexpected.joined(separator: " | ")); "
              + "fix the cause, or add a text it contains to 'allow'",
            at: location))
      }
    case .containing(let texts, let location):
      for text in texts where !diagnostics.contains(where: { $0.contains(text) }) {
        failures.append(
          ScenarioFailure(
            "no diagnostic contains '\(text)'; the twins reported \(diagnostics.isEmpty ? "none" : diagnostics.joined(separator: " | "))", at: location))
      }
    }
    return failures
  }

  /// Figures for reports: virtual time, counts of buffers, conversions, inputs, results, UI states,
  /// diagnostics, and ledger resources still open at the end.
  static func figures<Value>(_ timeline: Timeline, device: SimulatedDevice, report: Simulation.Report<Value>) -> [String: Double] {
    var figures: [String: Double] = [
      "virtualSeconds": DurationText.seconds(report.virtualTime),
      "buffers": Double(timeline.count(of: .engineBuffer)),
      "conversions": Double(timeline.count(of: .converterConvert)),
      "inputs": Double(timeline.count(of: .analyzerInput)),
      "inputsRejected": Double(timeline.events(AnalyzerInputEvent.self).count { !$0.accepted }),
      "results": Double(timeline.count(of: .analyzerResult)),
      "uiStates": Double(timeline.count(of: .uiState)),
      "diagnostics": Double(device.diagnostics.count),
      "traceEvents": Double(timeline.events.count),
    ]
    for (kind, count) in report.ledgerAtEnd.resources where count != 0 {
      figures["ledger.\(kind)"] = Double(count)
    }
    return figures
  }
}
