import SpeechShim

extension LiveTranscriber {
  /// The start sequence of session `current`; every await is followed by a check that no `stop()`
  /// ended the preparation meanwhile.
  func run(_ current: Int) async {
    let session = Session(generation: current)
    self.session = session

    // 1. Which transcriber, for which supported locale.
    let availability = await checkAvailability()
    guard current == generation else { return }
    guard let module = makeModule(for: availability) else {
      if case .unavailable(let reason) = availability {
        // Bug zoo: the control is offered although nothing can run.
        await abort(
          session, phase: .unavailable(reason: reason), offersMicrophone: has(.offersMicrophoneWhenUnavailable))
      }
      return
    }
    update { $0.isMicrophoneOffered = true }

    // 2. Record permission: without it the microphone records silence and nothing is transcribed.
    guard await recordPermissionGranted(), current == generation else {
      if current == generation {
        await abort(
          session,
          phase: .failed(
            message:
              "Microphone access is denied, so nothing can be transcribed. Allow microphone access for this app in Settings, then start again."
          ))
      }
      return
    }

    // 3. The model, before anything asks for the analyzer format (the seed asked first and got nil).
    let modelLocale: Locale
    switch availability {
    case .speech(let locale), .dictation(let locale): modelLocale = locale
    case .unavailable: return
    }
    switch await ensureModel(for: module, locale: modelLocale, generation: current) {
    case .ready: break
    case .cancelled: return
    case .failed(let message):
      if current == generation { await abort(session, phase: .failed(message: message)) }
      return
    }
    guard current == generation else { return }

    // 4. The analyzer format, now that the model is installed.
    guard let analyzerFormat = await SpeechAnalyzer.bestAvailableAudioFormat(compatibleWith: [module]) else {
      if current == generation {
        await abort(
          session,
          phase: .failed(
            message:
              "The speech model for \(Self.name(of: modelLocale)) offers no audio format. Remove and reinstall the language, then start again."
          ))
      }
      return
    }
    guard current == generation else { return }

    // 5. Audio session and engine, so the hardware format (and the input bound) is known.
    let hardwareFormat: AVAudioFormat
    do {
      hardwareFormat = try prepareAudio()
    } catch {
      await abort(
        session,
        phase: .failed(
          message:
            "The microphone cannot be used now: \(error.localizedDescription). Try again when no other app records."),
        // Bug zoo: a refused activation (a call) is taken for a microphone that will never work.
        offersMicrophone: has(.givesUpAfterActivationFailure) ? false : nil)
      if has(.givesUpAfterActivationFailure) { microphoneGivenUp = true }
      return
    }
    let queue = AnalyzerInputQueue(
      limit: configuration.inputLimitInBuffers(sampleRate: hardwareFormat.sampleRate), isUnbounded: has(.unboundedInput)
    )
    let made = await pipeline(for: module, analyzerFormat: analyzerFormat, queue: queue, session: session)
    guard let pipeline = made, current == generation else { return }
    session.pipeline = pipeline
    guard pipeline.prepare(for: hardwareFormat) else {
      await abort(
        session,
        phase: .failed(
          message:
            "The microphone's audio (\(hardwareFormat)) cannot be converted to \(analyzerFormat). Try another microphone."
        ))
      return
    }

    // 6. The analyzer, and its results reader before any audio is fed.
    let analyzer = SpeechAnalyzer(modules: [module])
    session.analyzer = analyzer
    session.resultsTask = readResults(of: module, generation: current)
    do {
      try await analyzer.prepareToAnalyze(in: analyzerFormat)
      guard current == generation else { return }
      try await analyzer.start(inputSequence: queue.input)
    } catch {
      if current == generation {
        await abort(
          session,
          phase: .failed(message: "Transcription could not start: \(error.localizedDescription). Start again to retry.")
        )
      }
      return
    }
    guard current == generation else { return }

    // 7. The microphone.
    do {
      try startMicrophone(session, format: hardwareFormat)
    } catch {
      await abort(
        session,
        phase: .failed(message: "The microphone could not start: \(error.localizedDescription). Start again to retry."))
      return
    }
    update { $0.phase = .listening }
  }

  /// The tap's pipeline: Speech's `AnalyzerInputConverter` on the 27 path, the stack's own
  /// `AVAudioConverter` otherwise; nil (the session aborted) when the 27 converter cannot be made.
  private func pipeline(
    for module: any SpeechModule, analyzerFormat: AVAudioFormat, queue: AnalyzerInputQueue, session: Session
  ) async -> (any InputPipeline)? {
    let current = session.generation
    let onFailure: @Sendable (String) -> Void = { [weak self] message in
      Task { @MainActor in await self?.conversionFailed(message, generation: current) }
    }
    guard #available(iOS 27, macOS 27, *), configuration.inputAPI == .sdk27 else {
      return TapPipeline(
        outputFormat: analyzerFormat, queue: queue, margin: configuration.converterMargin, faults: configuration.faults,
        onFailure: onFailure)
    }
    // Bug zoo: the converter is made for a transcriber of another locale, not the analyzer's module.
    let modules: [any SpeechModule] =
      has(.makesConverterForWrongModules)
      ? [SpeechTranscriber(locale: Locale(identifier: "en-GB"), preset: configuration.preset)] : [module]
    do {
      let converter = try await AnalyzerInputConverter.converter(compatibleWith: modules)
      return AnalyzerInputPipeline(
        converter: converter, queue: queue, faults: configuration.faults, onFailure: onFailure)
    } catch {
      if current == generation {
        await abort(
          session,
          phase: .failed(
            message: "The audio converter could not be made: \(error.localizedDescription). Start again to retry."))
      }
      return nil
    }
  }

  /// Whether recording is allowed, asking the user when they have not decided yet.
  private func recordPermissionGranted() async -> Bool {
    switch AVAudioApplication.shared.recordPermission {
    case .granted: return true
    case .denied: return false
    case .undetermined: return await AVAudioApplication.requestRecordPermission()
    @unknown default: return false
    }
  }
}
