import SpeechShim

extension LiveTranscriber {
  /// Decides which transcriber can run for ``locale``.
  func checkAvailability() async -> Availability {
    if SpeechTranscriber.isAvailable {
      // Bug zoo: an exact identifier compare misses a locale with a region override.
      if has(.comparesLocalesExactly) {
        let identifier = locale.identifier(.bcp47)
        guard await SpeechTranscriber.supportedLocales.contains(where: { $0.identifier(.bcp47) == identifier }) else {
          return .unavailable("Transcription in \(Self.name(of: locale)) is not supported on this device.")
        }
        return .speech(locale)
      }
      if let supported = await SpeechTranscriber.supportedLocale(equivalentTo: locale) { return .speech(supported) }
      // Bug zoo: an unsupported language silently becomes English.
      if has(.fallsBackToEnglish),
        let english = await SpeechTranscriber.supportedLocale(equivalentTo: Locale(identifier: "en-US"))
      {
        return .speech(english)
      }
      return .unavailable("Transcription in \(Self.name(of: locale)) is not supported on this device.")
    }
    guard configuration.usesDictationFallback else {
      return .unavailable("Speech transcription is not available on this device.")
    }
    if let supported = await DictationTranscriber.supportedLocale(equivalentTo: locale) { return .dictation(supported) }
    return .unavailable("Dictation in \(Self.name(of: locale)) is not supported on this device.")
  }

  /// The module for an available transcriber.
  func makeModule(for availability: Availability) -> (any SpeechModule)? {
    switch availability {
    case .speech(let locale): SpeechTranscriber(locale: locale, preset: configuration.preset)
    case .dictation(let locale): DictationTranscriber(locale: locale, preset: configuration.dictationPreset)
    case .unavailable: nil
    }
  }

  /// Makes sure the model for `module` is installed, downloading it with progress when needed.
  /// - Returns: Ready, cancelled by `stop()`, or failed with the message for the user.
  func ensureModel(for module: any SpeechModule, locale: Locale, generation current: Int) async -> ModelReadiness {
    let request: AssetInstallationRequest?
    do {
      request = try await AssetInventory.assetInstallationRequest(supporting: [module])
    } catch {
      return .failed("The speech model for \(Self.name(of: locale)) cannot be installed: \(error.localizedDescription)")
    }
    guard let request else { return .ready }  // installed already
    switch await download(request, for: module, generation: current) {
    case .installed: return .ready
    case .cancelled: return .cancelled
    case .failed where has(.noOfflineHandling):
      // Bug zoo: the seed's `try? await request.downloadAndInstall()`; the start goes on without a model.
      return .ready
    case .failed:
      return .failed(
        "The speech model for \(Self.name(of: locale)) is not on this device yet and could not be downloaded. "
          + "It needs the network once: connect to the internet, then retry.")
    }
  }

  /// Runs the download and waits for it, showing its progress; `stop()` can end the waiting.
  private func download(
    _ request: AssetInstallationRequest, for module: any SpeechModule, generation current: Int
  ) async -> DownloadOutcome {
    // A stop (and perhaps a new start) may have come while the request was made: this start must then
    // neither show a download nor wait for it, or it takes the waiting slot of the start that replaced
    // it. Found by `speech-replay explore` (issue 31, `repeated-failed-starts.yaml` with a first-launch
    // prompt, a download and a seeded schedule): the replaced start's continuation was dropped
    // unresumed, that start never returned, and its progress poll slept on forever.
    guard current == generation else { return .cancelled }
    if !has(.showsListeningBeforeModelReady) {
      update { $0.phase = .preparing(progress: request.progress.fractionCompleted) }
    }
    // Progress is polled on the injected clock: Progress's KVO is not available everywhere the
    // stack builds (swift-corelibs-foundation), and polling keeps the simulation deterministic.
    let clock = configuration.clock
    let interval = configuration.progressInterval
    let poller = Task { [weak self] in
      while !Task.isCancelled {
        do { try await clock.sleep(for: interval) } catch { return }
        self?.showProgress(request.progress.fractionCompleted, generation: current)
      }
    }
    defer { poller.cancel() }
    // Bug zoo: a returned downloadAndInstall() is taken to mean installed, though the asset may still be downloading.
    let trustsReturn = has(.takesDownloadReturnAsInstalled)
    let outcome = await withCheckedContinuation { (continuation: CheckedContinuation<DownloadOutcome, Never>) in
      // Checked again where the slot is taken: the calls into `download` and into this closure can
      // suspend too (both did in a debug build), and a stop can come in between.
      guard current == generation else { return continuation.resume(returning: .cancelled) }
      downloadWaiter = (current, continuation)
      // The download belongs to the system: it goes on when the waiting stops. The task holds the
      // module weakly: a stop ends the start that owns it, and a screen dismissed while the system
      // still downloads must not leave its transcriber module behind (found by `speech-replay explore`).
      Task { [weak self, weak module] in
        let outcome: DownloadOutcome
        do {
          try await request.downloadAndInstall()
          if trustsReturn {
            outcome = .installed
          } else if let module, let self {
            outcome = await self.pollStatus(of: module, clock: clock, interval: interval, generation: current)
          } else {
            outcome = .cancelled
          }
        } catch {
          outcome = .failed(error.localizedDescription)
        }
        self?.endDownloadWait(outcome, generation: current)
      }
    }
    if case .installed = outcome { showProgress(1, generation: current) }
    return outcome
  }

  /// Shows download progress; it only ever increases.
  private func showProgress(_ fraction: Double, generation current: Int) {
    guard current == generation, case .preparing(let shown) = uiState.phase, fraction > shown else { return }
    update { $0.phase = .preparing(progress: min(fraction, 1)) }
  }

  /// Resumes the start call waiting for the download of `generation`, if it still waits.
  func endDownloadWait(_ outcome: DownloadOutcome, generation current: Int) {
    guard let waiter = downloadWaiter, waiter.generation == current else { return }
    downloadWaiter = nil
    downloadStatusPoll?.cancel()
    downloadStatusPoll = nil
    waiter.continuation.resume(returning: outcome)
  }

  /// A stop or a dismissal ends the waiting for a download: the start returns cancelled and the
  /// status polling stops at once, not at its next tick (the download itself goes on in the system).
  func stopWaitingForDownload() {
    guard let waiter = downloadWaiter else { return }
    endDownloadWait(.cancelled, generation: waiter.generation)
  }

  /// A locale's BCP-47 identifier, as shown in messages.
  static func name(of locale: Locale) -> String { locale.identifier(.bcp47) }
}
