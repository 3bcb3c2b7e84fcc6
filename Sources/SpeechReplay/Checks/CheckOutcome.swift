/// What one check found in one run: the figures it measured, the failures, and lines for the run's
/// output (warnings that do not fail it, such as an obsolete golden file).
struct CheckOutcome: Sendable {
  /// Figures measured, typed.
  var figures: [Figure]
  /// Failures found.
  var failures: [ScenarioFailure]
  /// Lines for the result's output.
  var notes: [String]
  /// What the check's family shows besides figures and failures, read back by its
  /// ``CheckFamily/report(_:setup:into:)`` (the audio check's judged spans for its lane).
  var attachments: [any Sendable]

  /// Creates an outcome.
  init(
    figures: [Figure] = [], failures: [ScenarioFailure] = [], notes: [String] = [], attachments: [any Sendable] = []
  ) {
    self.figures = figures
    self.failures = failures
    self.notes = notes
    self.attachments = attachments
  }

  /// Nothing measured, nothing failed.
  static let passed = CheckOutcome()
}
