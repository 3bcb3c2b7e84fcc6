import SpeechShim

extension LiveTranscriber {
  /// The screen that owns the transcriber went away with a session still running (dismissed without
  /// a stop): the microphone stops, the converter is drained and the analyzer finishes what it was
  /// given (no one reads its results any more), so nothing the session made outlives the screen. Found by `Scenarios/dismiss-while-listening.yaml`: the engine, its tap,
  /// the analyzer session and the engine's input task stayed open after the transcriber was freed.
  ///
  /// Called from `deinit`, so it captures nothing of `self` beyond this call: the analyzer finishes
  /// in a task of its own.
  func endSessionOnRelease() {
    if let waiter = downloadWaiter {
      downloadWaiter = nil
      waiter.continuation.resume(returning: .cancelled)
    }
    guard let session else { return }
    stopMicrophone(session)
    session.pipeline?.drain()
    session.pipeline?.queue.finish()
    session.resultsTask?.cancel()
    if let analyzer = session.analyzer {
      Task {
        do {
          try await analyzer.finalizeAndFinishThroughEndOfInput()
        } catch {
          await analyzer.cancelAndFinishNow()
        }
      }
    }
    session.pipeline = nil
    session.analyzer = nil
    session.resultsTask = nil
    self.session = nil
  }
}
