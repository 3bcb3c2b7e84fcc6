import SimulatedDevice

extension Scenario {
  /// The scripted speech model of a scenario: which locale it answers and what it says.
  package struct Model: Sendable, Hashable {
    /// The locale the script answers (BCP-47, `en-US`).
    package var locale: String
    /// The results, faults and latency.
    package var script: ModelScript

    /// Creates a model section; by default an en-US model that says nothing.
    package init(locale: String = "en-US", script: ModelScript = ModelScript(entries: [])) {
      self.locale = locale
      self.script = script
    }

    /// The backend the simulated device runs.
    package var backend: ScriptedModelBackend { ScriptedModelBackend(script: script, locale: locale) }
  }
}
