import Yams

extension ScenarioDocument {
  /// Whether a user can perform the steps in order: once the screen is dismissed, it has no
  /// controls until a `start` opens it again, so a `stop` or a second `dismiss` before that is a
  /// sequence no user can tap (the session fails it at its step, for every stack).
  ///
  /// Exploration keeps to such sequences: a perturbation that inserts taps after a dismissal opens
  /// the screen first, and shrinking never drops the `start` that reopened it.
  package var isPerformableByUser: Bool {
    var dismissed = false
    func perform(_ steps: [Node]) -> Bool {
      for step in steps {
        switch Self.stepName(step) {
        case ScenarioKeys.Step.start.name: dismissed = false
        case ScenarioKeys.Step.stop.name, ScenarioKeys.Step.dismiss.name:
          if dismissed { return false }
          dismissed = Self.stepName(step) == ScenarioKeys.Step.dismiss.name
        case ScenarioKeys.Step.cycle.name:
          let inner =
            Self.stepValue(step)?.mapping?.first { $0.key.string == ScenarioKeys.Cycle.steps.name }?.value.sequence
            .map(Array.init) ?? []
          if !perform(inner) { return false }
        default: continue
        }
      }
      return true
    }
    return perform(steps)
  }
}
