import SpeechReplay

/// The counts of one run and its summary line: `12 passed, 1 failed`, with `, 2 crashed`,
/// `, 1 timed out` and `, 3 skipped` added when there are any.
package struct RunSummary: Sendable, Hashable, Codable {
  /// Scenarios that passed.
  package var passed: Int
  /// Scenarios that failed (an expectation did not hold, or the file is invalid).
  package var failed: Int
  /// Scenarios whose worker crashed or trapped.
  package var crashed: Int
  /// Scenarios not run.
  package var skipped: Int
  /// Scenarios whose worker went past the wall-clock timeout and was killed.
  package var timedOut: Int
  /// Total wall-clock seconds of the scenarios (their sum, not the elapsed time of a parallel run).
  package var wallSeconds: Double

  /// Counts the results.
  ///
  /// - Parameter results: The results of a run.
  package init(results: [ScenarioResult]) {
    passed = results.count { $0.status == .passed }
    failed = results.count { $0.status == .failed }
    crashed = results.count { $0.status == .crashed }
    skipped = results.count { $0.status == .skipped }
    timedOut = results.count { $0.status == .timedOut }
    wallSeconds = results.reduce(0) { $0 + $1.wallSeconds }
  }

  /// How many scenarios there are in all.
  package var total: Int { passed + failed + crashed + skipped + timedOut }

  /// `true` when nothing failed, crashed or timed out: the run's exit status is then 0.
  package var succeeded: Bool { failed == 0 && crashed == 0 && timedOut == 0 }

  /// The summary line, for example `12 passed, 1 failed, 1 crashed`.
  package var line: String {
    var text = "\(passed) passed, \(failed) failed"
    if crashed > 0 { text += ", \(crashed) crashed" }
    if timedOut > 0 { text += ", \(timedOut) timed out" }
    if skipped > 0 { text += ", \(skipped) skipped" }
    return text
  }
}
