/// What comparing a run's UI states with its golden files found: failures, files written,
/// obsolete files, and warning lines for the result's output.
package struct GoldenSnapshotReport: Sendable, Hashable {
  /// Mismatches, missing files and files recorded (recording fails the run so it is reviewed).
  package var failures: [ScenarioFailure] = []
  /// Golden files written in this run.
  package var recorded: [String] = []
  /// Golden files that no compared snapshot uses.
  package var obsolete: [String] = []
  /// Lines for the result's output (obsolete files when they are not failures).
  package var warnings: [String] = []
  /// Snapshots compared and equal.
  package var matched = 0

  /// Creates an empty report.
  package init() {}
}
