/// What one check found in one run: the figures it measured, the failures, and lines for the run's
/// output (warnings that do not fail it, such as an obsolete golden file).
struct CheckOutcome: Sendable {
  /// Figures measured, typed.
  var figures: [Figure]
  /// Failures found.
  var failures: [ScenarioFailure]
  /// Lines for the result's output.
  var notes: [String]
  /// Spans of the microphone's audio the check judged (the audio check's), for the report's lane.
  var audioMarks: [AudioLane.Mark]

  /// Creates an outcome.
  init(
    figures: [Figure] = [], failures: [ScenarioFailure] = [], notes: [String] = [], audioMarks: [AudioLane.Mark] = []
  ) {
    self.figures = figures
    self.failures = failures
    self.notes = notes
    self.audioMarks = audioMarks
  }

  /// Nothing measured, nothing failed.
  static let passed = CheckOutcome()
}
