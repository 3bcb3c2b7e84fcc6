import SimulatedDevice

/// A check is a value: it takes the record of a run and returns what it measured and what failed
/// (swift-snapshot-testing's `Snapshotting` and swift-testing's `Issue` are the models).
///
/// Each family lives in its own folder under `Checks/` with its part of the scenario model, its
/// decoder and its declaration (``CheckFamily``), which makes its checks for a run; the runner asks
/// every family in ``CheckRegistry`` for them, runs them on one ``RunRecord`` and merges their
/// outcomes. Adding a family touches no other family (`Documentation/Architecture.md`, "Adding a check").
protocol ScenarioCheck: Sendable {
  /// The family every failure and figure of this check belongs to.
  var family: CheckID.Family { get }

  /// Judges one run.
  /// - Parameter run: Everything the run produced.
  /// - Returns: Figures measured and failures found.
  func evaluate(_ run: RunRecord) -> CheckOutcome
}
