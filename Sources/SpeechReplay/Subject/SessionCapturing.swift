/// A subject that records each scenario run as a capture itself (`speech-replay run --capture`):
/// the runner tells it which scenario starts before the first step and when the run is over.
@MainActor
package protocol SessionCapturing: AnyObject {
  /// The scenario's steps are about to run.
  func beginCapture(of scenario: Scenario)
  /// The steps ran and every `start()` returned: finish the capture.
  func endCapture()
  /// A `dismiss` step closes this subject's screen: record the dismissal and let go of the capture
  /// (the subject must keep nothing of it), handing it to the runner; nil when none runs.
  func detachCapture() -> (any CaptureInProgress)?
  /// A new subject opened the screen again after a dismiss: go on recording into the same capture,
  /// as an app-wide recorder does.
  func resumeCapture(_ capture: any CaptureInProgress)
}

/// A capture being recorded, between a dismissed subject and the next one.
@MainActor
package protocol CaptureInProgress: AnyObject {
  /// Finishes the file (the run ended with the screen dismissed).
  func finish()
}

/// The environment variable naming the folder `run --capture` records into (its workers inherit it).
package let sessionCaptureFolderVariable = "SPEECH_REPLAY_CAPTURE_DIR"
