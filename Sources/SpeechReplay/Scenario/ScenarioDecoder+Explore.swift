extension ScenarioDecoder {
  /// What `explore: { keep: […] }` may list: expectations that still hold when the scenario is
  /// perturbed (`speech-replay explore`; `Documentation/Explore.md`).
  static let explorationKeeps = [
    "final", "final.committed", "final.volatile", "final.phase", "final.microphone", "snapshots", "diagnostics",
    "budgets", "leaks", "metrics",
  ]

  /// `explore: { keep: [final.microphone, diagnostics] }`: checked here; a plain run ignores it.
  func explore(_ node: ScenarioNode) throws(ScenarioError) {
    let map = try node.mapping(keys: ScenarioKeys.Explore.all)
    guard let keep = map[ScenarioKeys.Explore.keep] else { return }
    for item in try keep.list() {
      let name = try item.string()
      guard Self.explorationKeeps.contains(name) else {
        throw item.error(
          "'\(name)' is not an expectation exploration can keep; expected one of \(Self.explorationKeeps.joined(separator: ", "))\(ScenarioNode.suggestion(name, Self.explorationKeeps))"
        )
      }
    }
  }
}
