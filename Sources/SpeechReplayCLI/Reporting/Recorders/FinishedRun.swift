import Foundation
import SpeechReplay

/// A run once its last scenario finished (or it was interrupted): what every ``RunRecorder`` writes from.
struct FinishedRun {
  /// Every result, subject after subject, each in suite order.
  var results: [ScenarioResult]
  /// When the run started.
  var startedAt: Date
  /// The subjects the run ran against, in order.
  var factories: [SubjectFactory]
  /// Each subject's timelines (`--html`, `--perfetto`), by subject name.
  var timelines: [String: TimelineFolder] = [:]
  /// The signal that interrupted the run, if one did.
  var signal: Int32?

  /// Whether the run has several subjects (each result names its own, each report keeps them apart).
  var several: Bool { factories.count > 1 }
  /// The counts and the summary line.
  var summary: RunSummary { RunSummary(results: results) }
}
