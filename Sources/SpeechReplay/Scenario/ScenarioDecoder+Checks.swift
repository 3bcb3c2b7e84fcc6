extension ScenarioDecoder {
  /// Checks that need the whole scenario: `play: end` needs audio.
  func checkSteps(_ steps: [Scenario.Step], hasAudio: Bool) throws(ScenarioError) {
    for step in steps {
      switch step.action {
      case .play(.toEnd) where !hasAudio:
        throw ScenarioError(
          "'play: end' plays the audio file to its end, but the scenario has no 'audio'; add audio: path/to/file.wav or give a duration",
          at: step.location)
      case .cycle(_, let inner): try checkSteps(inner, hasAudio: hasAudio)
      default: break
      }
    }
  }
}
