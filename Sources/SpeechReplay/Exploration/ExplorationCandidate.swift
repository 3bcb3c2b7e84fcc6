/// One run of an exploration, ready to execute: the perturbed scenario as a document (what a
/// reproducer file would say) and as a loaded scenario (what the runner runs).
package struct ExplorationCandidate: Sendable {
  /// The perturbed scenario's YAML nodes.
  package var document: ScenarioDocument
  /// The same scenario, read and checked.
  package var scenario: Scenario
  /// The edits that made it from the scenario as written (with its expectations filtered).
  package var perturbations: [Perturbation]
  /// The seed the run uses (also written into the document's `seed:`).
  package var seed: UInt64
}
