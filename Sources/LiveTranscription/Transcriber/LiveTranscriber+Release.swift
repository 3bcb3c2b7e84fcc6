import SpeechShim

extension LiveTranscriber {
  /// The screen that owns the transcriber went away with a session still running (dismissed without
  /// a stop): the microphone stops and the analyzer is cancelled at once — no one will read its
  /// results, and finalizing with a slow model would keep it alive after the screen is gone (found
  /// by `speech-replay explore`) — so nothing the session made outlives the screen. Found by `Scenarios/dismiss-while-listening.yaml`: the engine, its tap,
  /// the analyzer session and the engine's input task stayed open after the transcriber was freed.
  ///
  /// Called from `deinit`, so it captures nothing of `self` beyond this call: the analyzer is
  /// cancelled in a task of its own.
  func endSessionOnRelease() {
    if let observer = mediaServicesObserver { NotificationCenter.default.removeObserver(observer) }
    stopWaitingForDownload()
    guard let session else { return }
    stopMicrophone(session)
    session.pipeline?.queue.finish()
    session.resultsTask?.cancel()
    if let analyzer = session.analyzer {
      Task { await analyzer.cancelAndFinishNow() }
    }
    session.pipeline = nil
    session.analyzer = nil
    session.resultsTask = nil
    self.session = nil
  }
}
