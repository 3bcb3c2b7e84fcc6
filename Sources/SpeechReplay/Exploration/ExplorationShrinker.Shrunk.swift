extension ExplorationShrinker {
  /// The shrunk run.
  struct Shrunk {
    var perturbations: [Perturbation]
    var document: ScenarioDocument
    var failure: ScenarioFailure?
  }
}
