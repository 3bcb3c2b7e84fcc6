import Synchronization

/// A subject that records each scenario run as a capture itself (`speech-replay run --capture`):
/// the runner tells it which scenario starts before the first step and when the run is over.
@MainActor
package protocol SessionCapturing: AnyObject {
  /// The scenario's steps are about to run.
  /// - Parameters:
  ///   - scenario: The scenario.
  ///   - settings: Where the runner was asked to record (``ScenarioRunner/capture``, `run --capture`
  ///     passes it to its workers as arguments); nil when it was not.
  func beginCapture(of scenario: Scenario, settings: SessionCaptureSettings?)
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

/// The environment variable naming a folder to record every run into when the runner was given no
/// ``SessionCaptureSettings`` (a user's own setting; `run --capture` passes its folder as an argument).
package let sessionCaptureFolderVariable = "SPEECH_REPLAY_CAPTURE_DIR"

/// The `osVersion` of the header of every capture `run --capture` records: how a run tells the
/// captures of an earlier run (which it replaces) from a device's (which it never does).
package let sessionCaptureOSVersion = "speech-replay twins"

/// Problems the capture recorder met in this process: a capture that was asked for and could not be
/// recorded fails the scenario (``ScenarioWorker`` adds them to the result), never a warning a
/// passing run hides.
package enum CaptureProblems {
  private static let problems = Mutex<[String]>([])

  /// Records a problem: what went wrong with which file, and what to do.
  package static func record(_ message: String) {
    problems.withLock { $0.append(message) }
  }

  /// The problems recorded so far, emptied.
  package static func take() -> [String] {
    problems.withLock { list in
      defer { list = [] }
      return list
    }
  }
}
