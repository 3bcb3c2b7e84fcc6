extension ScenarioDocument {
  /// The user's last tap (`start`, `stop`, `dismiss`) among the top-level steps begun at or before
  /// `seconds`: the point of the session a failure at that moment belongs to. Device events
  /// (`route`, `interrupt`, `network`…) are not counted: they are what perturbations add and
  /// shrinking removes, and a failure that stays after the same tap is the same finding.
  package func lastAction(atSeconds seconds: Double) -> String? {
    let taps: Set<String> = [
      ScenarioKeys.Step.start.name, ScenarioKeys.Step.stop.name, ScenarioKeys.Step.dismiss.name,
    ]
    var elapsed = 0.0, played = 0.0, last: String?
    for step in steps {
      guard elapsed <= seconds + 0.0005 else { break }
      if let name = Self.stepName(step), taps.contains(name) { last = name }
      Self.advance(step, elapsed: &elapsed, played: &played, audio: audioDuration)
    }
    return last
  }
}
