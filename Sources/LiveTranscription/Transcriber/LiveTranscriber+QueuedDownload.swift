import SpeechShim

extension LiveTranscriber {
  /// What a returned `downloadAndInstall()` means: the model is ready only once its status is
  /// `.installed`. The system may queue the request and return while the asset is still downloading
  /// (fastrepl/anarlog#7006, 2026: "stuck at 0%"), so the status is polled on the clock while it is
  /// `.downloading`, for as long as the start still waits (`isWaiting`: a stop or a dismissal ends it).
  static func outcomeAfterDownloadReturned(
    _ module: any SpeechModule, clock: any Clock<Duration>, interval: Duration,
    isWaiting: @escaping @MainActor () -> Bool
  ) async -> DownloadOutcome {
    while await isWaiting() {
      switch await AssetInventory.status(forModules: [module]) {
      case .installed:
        return .installed
      case .downloading:
        do { try await clock.sleep(for: interval) } catch { return .cancelled }
      default:
        return .failed("the download ended without installing the model")
      }
    }
    return .cancelled
  }

  /// Polls the status of `module` after `downloadAndInstall()` returned, in a task that a stop
  /// cancels (``stopWaitingForDownload()``): a sleep on the clock that outlived the stop would be a
  /// timer of the stack still scheduled while the screen says idle (found by `speech-replay explore`
  /// with a download that returns while still downloading).
  func pollStatus(
    of module: any SpeechModule, clock: any Clock<Duration>, interval: Duration, generation current: Int
  ) async -> DownloadOutcome {
    guard downloadWaiter?.generation == current else { return .cancelled }
    let poll = Task { [weak self] in
      await Self.outcomeAfterDownloadReturned(module, clock: clock, interval: interval) { [weak self] in
        self?.downloadWaiter?.generation == current
      }
    }
    downloadStatusPoll = poll
    return await poll.value
  }
}
