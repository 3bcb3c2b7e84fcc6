import SpeechReplay

/// One recorded run as `speech-replay history` lists it: its id, metadata and result counts.
package struct HistoryRun: Sendable, Hashable, Identifiable {
  /// The run's id in the database (what `compare --baseline` takes).
  package var id: Int64
  /// When, where and how it ran.
  package var metadata: RunMetadata
  /// Scenarios that passed.
  package var passed: Int
  /// Scenarios that failed.
  package var failed: Int
  /// Scenarios whose worker crashed.
  package var crashed: Int
  /// Scenarios skipped.
  package var skipped: Int
  /// Scenarios whose worker went past the timeout.
  package var timedOut: Int

  /// Creates a listed run.
  ///
  /// - Parameters:
  ///   - id: The run's id.
  ///   - metadata: Its metadata.
  ///   - passed: Passed count.
  ///   - failed: Failed count.
  ///   - crashed: Crashed count.
  ///   - skipped: Skipped count.
  ///   - timedOut: Timed-out count.
  package init(
    id: Int64, metadata: RunMetadata, passed: Int = 0, failed: Int = 0, crashed: Int = 0, skipped: Int = 0,
    timedOut: Int = 0
  ) {
    self.id = id
    self.metadata = metadata
    self.passed = passed
    self.failed = failed
    self.crashed = crashed
    self.skipped = skipped
    self.timedOut = timedOut
  }

  /// How many scenarios the run recorded.
  package var total: Int { passed + failed + crashed + skipped + timedOut }
}
