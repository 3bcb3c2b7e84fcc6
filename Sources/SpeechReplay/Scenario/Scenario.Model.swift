public import SimulatedDevice

extension Scenario {
  /// The scripted speech model of a scenario: which locale it answers and what it says.
  public struct Model: Sendable, Hashable {
    /// The locale the script answers (BCP-47, `en-US`).
    public var locale: String
    /// The results, faults and latency.
    public var script: ModelScript

    /// Creates a model section; by default an en-US model that says nothing.
    public init(locale: String = "en-US", script: ModelScript = ModelScript(entries: [])) {
      self.locale = locale
      self.script = script
    }

    /// The backend the simulated device runs.
    public var backend: ScriptedModelBackend { ScriptedModelBackend(script: script, locale: locale) }
  }
}
