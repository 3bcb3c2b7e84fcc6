/// What an exploration did and found.
package struct ExplorationReport: Sendable {
  /// Runs done (shrinking runs not counted).
  package var runs = 0
  /// Runs whose perturbed scenario did not load (counted, not run).
  package var invalidRuns = 0
  /// Runs that failed.
  package var failingRuns = 0
  /// Runs spent shrinking.
  package var shrinkRuns = 0
  /// Findings, shrunk, in the order they were found: one per check and cause, each with the
  /// failing runs it stands for (``ExplorationFinding/hits``).
  package var findings: [ExplorationFinding] = []
  /// Failing runs shrunk, per check of their first failure (at most ``Explorer/shrinksPerCheck``).
  package var shrinksByCheck: [CheckID: Int] = [:]
  /// Failing runs no finding covers, per check, once the check's shrinks were spent: counted, not shrunk.
  package var ungroupedRuns: [CheckID: Int] = [:]
  /// Whether the time limit ended the exploration before its runs were done.
  package var stoppedByTimeLimit = false
  /// Whether an interruption (SIGINT, SIGTERM) stopped it: no run started after it, shrinking kept what it had.
  package var stoppedByInterruption = false
  /// Wall-clock seconds the exploration took.
  package var wallSeconds = 0.0
  /// The failure of the first run of each scenario that could not run at all, for the report.
  package var notes: [String] = []
}
