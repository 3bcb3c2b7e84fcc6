import SpeechReplay

/// `run --capture`: the reference live stack records each run with the capture recorder.
extension ReferenceSubject: SessionCapturing {
  func beginCapture(of scenario: Scenario) {
    capture = ScenarioCapture.attach(to: self, scenario: scenario)
  }

  func endCapture() {
    capture?.finish()
    capture = nil
  }
}
