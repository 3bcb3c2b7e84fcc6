import SpeechShim

extension LiveTranscriber {
  /// Stop while listening: finalize everything received so the last words are committed.
  /// - Parameter reason: Why the session ends without the user's stop (the microphone could not
  ///   resume), shown as the failure once the words heard so far are committed; nil ends idle.
  func finishListening(failing reason: String? = nil) async {
    guard let session else { return }
    update { $0.phase = .stopping }
    stopMicrophone(session)
    // The converter's filter still holds the last milliseconds heard; they carry the end of the last word.
    session.pipeline?.drain()
    session.pipeline?.queue.finish()
    var failure = reason
    if has(.stopGivesUpFinalizingAfterASecond), let analyzer = session.analyzer {
      // Bug zoo: a watchdog cancels finalizing after a second; a slow model's last words are lost.
      let clock = configuration.clock
      let finalized = await withTaskGroup(of: Bool.self) { group in
        group.addTask { (try? await analyzer.finalizeAndFinishThroughEndOfInput()) != nil }
        group.addTask {
          try? await clock.sleep(for: .seconds(1))
          return false
        }
        let first = await group.next() ?? true
        group.cancelAll()
        return first
      }
      if !finalized { await analyzer.cancelAndFinishNow() }
    } else if has(.stopsWithoutFinalizing) {
      // Bug zoo: the seed's stop ends the input and cancels; the pending volatile words are never finalized.
      await session.analyzer?.cancelAndFinishNow()
    } else {
      do {
        // Finishing the input does not end the session; this finalizes the pending volatile text
        // and finishes the analyzer, which ends the results sequence.
        try await session.analyzer?.finalizeAndFinishThroughEndOfInput()
        // Bug zoo: "finalize returned, so the final is in": the results task is cancelled while the
        // final may still be queued unread in the results stream.
        if has(.cancelsResultsAfterFinalize) { session.resultsTask?.cancel() }
      } catch {
        failure =
          failure ?? "Transcription did not finish cleanly: \(error.localizedDescription). The text so far is kept."
        await session.analyzer?.cancelAndFinishNow()
      }
    }
    await session.resultsTask?.value
    release(session)
    // Bug zoo: "the session is over, ignore its stragglers" — but its results are still being
    // applied in tasks of their own, so a final whose task runs after this line is dropped.
    if has(.appliesResultsInUnstructuredTasks) { generation += 1 }
    update { state in
      state.phase = failure.map { .failed(message: $0) } ?? .idle
      // Bug zoo: the text the user already read as final is rewritten ("turn on" becomes "Turn on").
      if has(.capitalizesCommittedTextAtStop) {
        state.committedText = state.committedText.prefix(1).uppercased() + state.committedText.dropFirst()
      }
    }
  }

  /// Stop while preparing: stop waiting (a download goes on in the system) and return to idle.
  func cancelPreparation() async {
    guard let session else {
      update { $0.phase = .idle }
      return
    }
    // A new generation makes the start sequence return at its next check.
    generation += 1
    // Bug zoo: the start call stays waiting for the download instead of returning now.
    if !has(.stopIgnoresInFlightDownload) { stopWaitingForDownload() }
    await abort(session, phase: .idle)
  }

  /// Ends `session` at once (no finalization) and shows `phase`.
  func abort(_ session: Session, phase: TranscriptionUIState.Phase, offersMicrophone: Bool? = nil) async {
    stopMicrophone(session)
    session.pipeline?.queue.finish()
    if let analyzer = session.analyzer {
      await analyzer.cancelAndFinishNow()
    }
    session.resultsTask?.cancel()
    await session.resultsTask?.value
    release(session)
    update {
      $0.phase = phase
      $0.volatileText = ""
      if let offersMicrophone { $0.isMicrophoneOffered = offersMicrophone }
    }
  }

  /// Forgets `session` once its resources are released, keeping its statistics.
  private func release(_ session: Session) {
    if var statistics = session.pipeline?.queue.statistics {
      // Buffers still queued when a session ends (an abort does not drain the queue) are never read:
      // count them as discarded, so the total's `queued` is the live session's alone. Found by
      // `speech-replay explore` (Scenarios/model-error-restart-input-queue.yaml): the queue of the next
      // session looked one over its limit.
      statistics.buffersAfterFinish += statistics.queued
      endedSessionsInput = endedSessionsInput + statistics
    }
    session.pipeline = nil
    session.analyzer = nil
    session.resultsTask = nil
    if self.session === session { self.session = nil }
  }

  /// A tap buffer could not be converted: the session fails, since the analyzer would hear gaps.
  func conversionFailed(_ message: String, generation current: Int) async {
    guard current == generation, let session, uiState.phase.isActive else { return }
    await abort(
      session,
      phase: .failed(message: "The microphone's audio could not be converted (\(message)). Start again to retry."))
  }
}
