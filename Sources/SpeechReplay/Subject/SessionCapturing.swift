/// A subject that records each scenario run as a capture itself (`speech-replay run --capture`):
/// the runner tells it which scenario starts before the first step and when the run is over.
@MainActor
package protocol SessionCapturing: AnyObject {
  /// The scenario's steps are about to run.
  func beginCapture(of scenario: Scenario)
  /// The steps ran and every `start()` returned: finish the capture.
  func endCapture()
}

/// The environment variable naming the folder `run --capture` records into (its workers inherit it).
package let sessionCaptureFolderVariable = "SPEECH_REPLAY_CAPTURE_DIR"
