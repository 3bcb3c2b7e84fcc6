/// What comparing a run's UI states with its golden files found: failures, files written,
/// obsolete files, and warning lines for the result's output.
public struct GoldenSnapshotReport: Sendable, Hashable {
  /// Mismatches, missing files and files recorded (recording fails the run so it is reviewed).
  public var failures: [ScenarioFailure] = []
  /// Golden files written in this run.
  public var recorded: [String] = []
  /// Golden files that no compared snapshot uses.
  public var obsolete: [String] = []
  /// Lines for the result's output (obsolete files when they are not failures).
  public var warnings: [String] = []
  /// Snapshots compared and equal.
  public var matched = 0

  /// Creates an empty report.
  public init() {}
}
