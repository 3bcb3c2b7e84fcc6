/// Where an exploration is, for a progress line.
package struct ExplorationProgress: Sendable, Hashable {
  /// Runs done so far (shrinking runs not counted).
  package var runsDone: Int
  /// Runs planned (this shard's share of `--runs`).
  package var runsPlanned: Int
  /// Runs that failed.
  package var failingRuns: Int
  /// Distinct failures found (each shrunk to one reproducer).
  package var findings: Int
  /// What is being shrunk now, with the runs the shrinking took so far; nil when not shrinking.
  package var shrinking: String?

  /// `runs 40/200, failures 2 (1 distinct), shrinking 'invariant …' (12 runs)`.
  package var line: String {
    var text = "runs \(runsDone)/\(runsPlanned), failing runs \(failingRuns), distinct failures \(findings)"
    if let shrinking { text += ", shrinking \(shrinking)" }
    return text
  }
}
