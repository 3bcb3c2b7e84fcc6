import Foundation

/// The run history: the run recorded in the database (opened before the first worker starts, so a
/// history that cannot be written stops the run at once). An interrupted run is not a sample of the
/// suite and is not recorded.
struct HistoryRecorder: RunRecorder {
  /// The open database.
  var store: HistoryStore
  /// `--seed`, `--shard` and `--label` as the run was given them.
  var seed: UInt64?
  var shard: String?
  var label: String?
  /// The paths the run was given, and `--filter REGEX` when it had one: what it covered, for
  /// `compare`'s like-with-like baseline and its missing-or-not-run verdict.
  var paths: [String] = []

  func finish(_ run: FinishedRun) -> Bool {
    guard run.signal == nil else { return true }
    do {
      let commit = GitCommit.current()
      var metadata = RunMetadata(
        startedAt: run.startedAt, gitCommit: commit, seed: seed, mode: RunMetadata.timingMode(of: run.results),
        shard: shard, label: RunMetadata.label(given: label, commit: commit))
      metadata.paths = paths
      (metadata.toolCommit, metadata.machine) = (RunMetadata.currentToolCommit, RunMetadata.currentMachine)
      let id = try store.record(metadata, results: run.results)
      Failure.printNote("recorded run \(id) in \(store.path)")
      return true
    } catch {
      Failure.printError(error)
      return false
    }
  }
}
