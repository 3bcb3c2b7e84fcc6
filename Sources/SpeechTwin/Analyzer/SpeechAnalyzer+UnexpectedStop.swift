import CoreMediaTwin
import SimulatedDevice

// An analyzer that stops mid-session, as field reports show Apple's doing (AudioBooth/AudioBooth#370,
// 2026-09-07): the error surfaces only through the results streams; `finalize(through:)` on the
// stopped analyzer is logged and ignored ("call on finished analyzer; ignoring"); and an app that
// keeps the analyzer finds later sessions failing with "Maximum number of simultaneous requests
// reached" (Code=16). Its slot is given back by `cancelAndFinishNow()` or by releasing the analyzer
// (speech-api.md: slots leak "without cancelAndFinishNow()"; release finishes a session). Twins.md
// has the decision table.
extension SpeechAnalyzer {
  /// The session stops: input is no longer read, results streams end with the failure's error,
  /// waiters are resumed with it; the analyzer slot and the open session stay held.
  func stopUnexpectedly(_ failure: ModelFailure) {
    guard phase != .finished else { return }
    let at = consumedThrough?.seconds ?? 0
    device.diagnose(
      "SpeechAnalyzer",
      "\(name) stopped unexpectedly at \(String(format: "%.2f", at)) s of its audio (\(failure.message)); only its results streams report the error, finalize and finish calls on it are ignored, and it keeps its analyzer slot until cancelAndFinishNow() or its release — an app that keeps it sees the next session fail with 'Maximum number of simultaneous requests reached' (SFSpeechError 16)"
    )
    stoppedUnexpectedly = true
    finishSession(
      error: SFSpeechError(SFSpeechError.Code(failure.code), message: failure.message), keepsResources: true)
  }

  /// A finalize or finish call on a stopped analyzer: ignored, as Apple's logs it; reported once per call.
  func ignoreOnStoppedAnalyzer(_ call: String) {
    guard ignoredCallsWhileStopped.insert(call).inserted else { return }
    device.diagnose(
      "SpeechAnalyzer",
      "\(call) call on finished analyzer; ignoring (\(name) stopped unexpectedly; it still holds its analyzer slot — call cancelAndFinishNow() or release it)"
    )
  }

  /// `cancelAndFinishNow()` on a stopped analyzer: the slot and the open session are given back.
  func endUnexpectedStop() {
    stoppedUnexpectedly = false
    if holdsSlot {
      device.releaseAnalyzerSlot()
      holdsSlot = false
    }
    try? sessionLease?.release()
    sessionLease = nil
  }
}
