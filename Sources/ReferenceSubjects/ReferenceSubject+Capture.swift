import SpeechReplay

/// `run --capture`: the reference live stack records each run with the capture recorder.
extension ReferenceSubject: SessionCapturing {
  func beginCapture(of scenario: Scenario, settings: SessionCaptureSettings?) {
    capture = ScenarioCapture.attach(to: self, scenario: scenario, settings: settings)
  }

  func endCapture() {
    capture?.finish()
    capture = nil
  }

  func detachCapture() -> (any CaptureInProgress)? {
    guard let capture else { return nil }
    capture.record(.dismiss)
    capture.release(self)
    self.capture = nil
    return capture
  }

  func resumeCapture(_ capture: any CaptureInProgress) {
    guard let capture = capture as? ScenarioCapture else { return }
    capture.adopt(self)
  }
}
