extension ExplorationShrinker {
  /// The shrunk run.
  struct Shrunk {
    var perturbations: [Perturbation]
    var document: ScenarioDocument
    var failure: ScenarioFailure?
    /// Every failure of the run ``failure`` comes from (empty when no simpler candidate failed).
    var failures: [ScenarioFailure] = []
  }
}
