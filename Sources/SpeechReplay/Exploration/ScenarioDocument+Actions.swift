extension ScenarioDocument {
  /// The last top-level step begun at or before `seconds` that is not a `play`, `wait` or
  /// `snapshot`: the action the run had last taken at that moment (`start`, `route`, `stop`…).
  package func lastAction(atSeconds seconds: Double) -> String? {
    let timed: Set<String> = [
      ScenarioKeys.Step.play.name, ScenarioKeys.Step.wait.name, ScenarioKeys.Step.snapshot.name,
    ]
    var elapsed = 0.0, played = 0.0, last: String?
    for step in steps {
      guard elapsed <= seconds + 0.0005 else { break }
      if let name = Self.stepName(step), !timed.contains(name) { last = name }
      Self.advance(step, elapsed: &elapsed, played: &played, audio: audioDuration)
    }
    return last
  }
}
