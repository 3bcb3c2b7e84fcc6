import SpeechShim

// The audio system's own failures (Twins.md, "The audio system's failure modes"): a media-services
// reset while listening, and (27 SDK) a system deactivation that is not an interruption.
extension LiveTranscriber {
  /// Observes the media services' reset, which invalidates the engine, from the first start on: the
  /// engine outlives a session (it is kept for the next start, or set by the app), so the observer does too.
  func observeMediaServices() {
    guard mediaServicesObserver == nil else { return }
    mediaServicesObserver = NotificationCenter.default.addObserver(
      forName: AVAudioSession.mediaServicesWereResetNotification, object: nil, queue: nil,
      using: Self.mediaServicesHandler(for: self))
  }

  nonisolated private static func mediaServicesHandler(
    for transcriber: LiveTranscriber
  ) -> @Sendable (Notification) -> Void {
    { [weak transcriber] _ in
      Task { @MainActor in await transcriber?.mediaServicesWereReset() }
    }
  }

  /// The media services were reset: the engine and the session's category are gone (Apple: make
  /// new audio objects and set the category again). While listening the stack rebuilds them and
  /// goes on; the converter and the analyzer, which are not audio-system objects, are kept.
  func mediaServicesWereReset() async {
    if has(.keepsEngineAfterMediaServicesReset) {
      // Bug zoo: the reset is handled as a configuration change: the old engine's tap is
      // reinstalled and that engine, invalid since the reset, is started again.
      routeChanged(generation: generation)
      return
    }
    engine = nil
    guard case .listening = uiState.phase, let session, let pipeline = session.pipeline else { return }
    for observer in session.observers { NotificationCenter.default.removeObserver(observer) }
    session.observers.removeAll()
    session.isTapInstalled = false
    do {
      let format = try prepareAudio()
      guard pipeline.prepare(for: format) else {
        await abort(
          session,
          phase: .failed(message: "The microphone's audio (\(format)) cannot be converted. Start again."))
        return
      }
      try startMicrophone(session, format: format)
    } catch {
      await abort(
        session,
        phase: .failed(
          message:
            "The microphone could not restart after the audio system was reset: \(error.localizedDescription). Start again."
        ))
    }
  }

  /// Whether `error` is an engine's refusal to start because the media services were reset
  /// (`'msrv'`, `AVAudioSession.ErrorCode.mediaServicesFailed`).
  nonisolated static func isMediaServicesFailure(_ error: any Error) -> Bool {
    (error as NSError).code == AVAudioSession.ErrorCode.mediaServicesFailed.rawValue
  }

  /// The system deactivated the session, not for an interruption (27 SDK): the engine has stopped
  /// and nothing says when the session may come back, so the stack finishes what it heard and
  /// goes idle, keeping the text; the user starts again.
  func deactivatedBySystem(generation current: Int) async {
    guard current == generation, case .listening = uiState.phase else { return }
    await finishListening()
  }
}
