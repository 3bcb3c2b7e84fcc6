import SpeechShim

extension LiveTranscriber {
  /// Activates the audio session for recording and returns the microphone's hardware format.
  ///
  /// Note: `AVAudioSession` exists on iOS, tvOS and visionOS (and in the twins); the stack does not
  /// build against Apple's macOS frameworks, where the shim uses the twins anyway.
  func prepareAudio() throws -> AVAudioFormat {
    let audioSession = AVAudioSession.sharedInstance()
    try audioSession.setCategory(.record, mode: .measurement, options: [])
    try audioSession.setActive(true)
    observeMediaServices()
    let engine = self.engine ?? AVAudioEngine()
    self.engine = engine
    return engine.inputNode.outputFormat(forBus: 0)
  }

  /// Installs the tap (converting every buffer) and starts the engine; registers for route changes
  /// and interruptions.
  func startMicrophone(_ session: Session, format: AVAudioFormat) throws {
    guard let engine, let pipeline = session.pipeline else { return }
    observe(session, engine: engine)
    installTap(session, on: engine, format: format, pipeline: pipeline)
    engine.prepare()
    try engine.start()
    if has(.leavesRepeatingTimer) {
      // Bug zoo: a level meter whose task stop() never cancels.
      let clock = configuration.clock
      Task { while !Task.isCancelled { try? await clock.sleep(for: .milliseconds(100)) } }
    }
  }

  /// Stops the engine, removes the tap and the observers, and deactivates the audio session.
  func stopMicrophone(_ session: Session) {
    for observer in session.observers { NotificationCenter.default.removeObserver(observer) }
    session.observers.removeAll()
    guard let engine else { return }
    engine.stop()
    if session.isTapInstalled && !has(.leavesTapInstalled) {  // Bug zoo: leavesTapInstalled
      engine.inputNode.removeTap(onBus: 0)
      session.isTapInstalled = false
    }
    if has(.leavesAudioSessionActive) { return }
    let options: AVAudioSession.SetActiveOptions =
      has(.deactivatesWithoutNotifyingOthers) ? [] : .notifyOthersOnDeactivation
    try? AVAudioSession.sharedInstance().setActive(false, options: options)
  }

  private func installTap(
    _ session: Session, on engine: AVAudioEngine, format: AVAudioFormat, pipeline: any InputPipeline
  ) {
    // Bug zoo: leavesTapInstalled — the stop leaves its tap; the next start removes it first, as
    // defensive stacks do, so only the end state shows it.
    if has(.leavesTapInstalled) { engine.inputNode.removeTap(onBus: 0) }
    if #available(iOS 27, macOS 27, *), configuration.inputAPI == .sdk27 {
      // The 27 tap throws where the 26 one traps (a second tap, a format at another rate); the
      // stack removes its tap before reinstalling and asks for the hardware's format, so it does not.
      do {
        try engine.inputNode.installAudioTap(
          onBus: 0, bufferSize: configuration.tapBufferSize, format: format, tapProvider: Self.tapProvider(pipeline))
      } catch {
        Task {
          await conversionFailed(
            "the tap could not be installed: \(error.localizedDescription)", generation: generation)
        }
        return
      }
    } else if has(.tapBlockIsolatedToMainActor) {
      // Bug zoo: the closure is written here, in a main-actor method, so it is main-actor isolated
      // and Swift 6 traps when the audio render thread calls it.
      // (It reads the transcriber's generation to drop buffers of an older session.)
      let current = session.generation
      engine.inputNode.installTap(onBus: 0, bufferSize: configuration.tapBufferSize, format: format) { buffer, _ in
        if self.generation == current { pipeline.process(buffer) }
      }
    } else if has(.tapBlockCapturesTranscriber) {
      // Bug zoo: the block holds the transcriber strongly — a cycle through the engine and its tap.
      engine.inputNode.installTap(
        onBus: 0, bufferSize: configuration.tapBufferSize, format: format,
        block: Self.tapBlock(pipeline, holding: self))
    } else {
      engine.inputNode.installTap(
        onBus: 0, bufferSize: configuration.tapBufferSize, format: format, block: Self.tapBlock(pipeline))
    }
    session.isTapInstalled = true
    session.tapFormat = format
  }

  /// The 27 tap's provider: the read-only buffer is copied into one the converter can take.
  @available(iOS 27, macOS 27, *)
  nonisolated private static func tapProvider(
    _ pipeline: any InputPipeline
  )
    -> @Sendable (AVReadOnlyAudioPCMBuffer, AVAudioTime) -> Void
  {
    { buffer, _ in pipeline.process(AVAudioPCMBuffer(copying: buffer)) }
  }

  /// The tap block, made outside the main actor: a closure formed in a main-actor method would be
  /// main-actor isolated, and Swift 6 traps when the audio thread calls it.
  nonisolated private static func tapBlock(_ pipeline: any InputPipeline) -> AVAudioNodeTapBlock {
    { buffer, _ in pipeline.process(buffer) }
  }

  /// Bug zoo (``Fault/tapBlockCapturesTranscriber``): the tap block, holding `owner` strongly.
  nonisolated private static func tapBlock(
    _ pipeline: any InputPipeline, holding owner: LiveTranscriber
  ) -> AVAudioNodeTapBlock {
    { buffer, _ in withExtendedLifetime(owner) { pipeline.process(buffer) } }
  }

  /// Registers for the engine's configuration change and the session's interruptions.
  private func observe(_ session: Session, engine: AVAudioEngine) {
    let current = session.generation
    let center = NotificationCenter.default
    session.observers = [
      center.addObserver(
        forName: .AVAudioEngineConfigurationChange, object: engine, queue: nil,
        using: Self.configurationChangeHandler(for: self, generation: current)),
      center.addObserver(
        forName: AVAudioSession.interruptionNotification, object: nil, queue: nil,
        using: Self.interruptionHandler(for: self, generation: current, endsOnly: uses27SessionNotifications)),
    ]
    if #available(iOS 27, macOS 27, *), uses27SessionNotifications {
      session.observers.append(
        center.addObserver(
          forName: AVAudioSession.didBecomeInactiveNotification, object: nil, queue: nil,
          using: Self.deactivationHandler(for: self, generation: current)))
    }
  }

  /// Whether the stack learns of an interruption's start from the 27 `didBecomeInactiveNotification`
  /// (the 27 path), keeping the deprecated `interruptionNotification` for its end only.
  private var uses27SessionNotifications: Bool {
    guard #available(iOS 27, macOS 27, *) else { return false }
    // Bug zoo: the 27 path observes only the deprecated interruption notification, as on 26.
    return configuration.inputAPI == .sdk27 && !has(.handlesOnlyDeprecatedInterruptions)
  }

  /// The 27 session notification: a session the system deactivated for an interruption is the
  /// interruption's start; one the system deactivated for another reason ends the recording (the
  /// engine has stopped); the app's own deactivation is neither.
  @available(iOS 27, macOS 27, *)
  nonisolated private static func deactivationHandler(
    for transcriber: LiveTranscriber, generation current: Int
  ) -> @Sendable (Notification) -> Void {
    { [weak transcriber] notification in
      let context = notification.userInfo?[AVAudioSession.deactivationContextKey] as? AVAudioSession.DeactivationContext
      guard let context, context.source == .system else { return }
      guard context.interruptionContext != nil else {
        Task { @MainActor in await transcriber?.deactivatedBySystem(generation: current) }
        return
      }
      Task { @MainActor in await transcriber?.interrupted(.began, options: [], generation: current) }
    }
  }

  nonisolated private static func configurationChangeHandler(
    for transcriber: LiveTranscriber, generation current: Int
  )
    -> @Sendable (Notification) -> Void
  {
    { [weak transcriber] _ in
      Task { @MainActor in transcriber?.routeChanged(generation: current) }
    }
  }

  nonisolated private static func interruptionHandler(
    for transcriber: LiveTranscriber, generation current: Int, endsOnly: Bool
  )
    -> @Sendable (Notification) -> Void
  {
    { [weak transcriber] notification in
      let type = (notification.userInfo?[AVAudioSessionInterruptionTypeKey] as? UInt).flatMap(
        AVAudioSession.InterruptionType.init(rawValue:))
      let options = AVAudioSession.InterruptionOptions(
        rawValue: notification.userInfo?[AVAudioSessionInterruptionOptionKey] as? UInt ?? 0)
      guard let type, !(endsOnly && type == .began) else { return }
      Task { @MainActor in await transcriber?.interrupted(type, options: options, generation: current) }
    }
  }

  /// The hardware format changed and the engine stopped itself: rebuild the converter for the new
  /// format, reinstall the tap and start again (unless an interruption is under way: its end starts).
  func routeChanged(generation current: Int) {
    guard current == generation, case .listening = uiState.phase, let session, let engine else { return }
    // An interruption that ended in the same instant may already have restarted the engine with
    // the new format (`interrupted(.ended, …)` checks the tap's format first).
    if engine.isRunning, session.tapFormat == engine.inputNode.outputFormat(forBus: 0) { return }
    // Bug zoo: "nothing to do when the format is the same" — but the engine stopped itself.
    if has(.restartsOnlyWhenFormatChanges), session.tapFormat == engine.inputNode.outputFormat(forBus: 0) { return }
    if has(.restartsOnlyEngineAfterRouteChange) {
      // Bug zoo: the old format's tap is removed and the engine restarted without a new one.
      if session.isTapInstalled {
        engine.inputNode.removeTap(onBus: 0)
        session.isTapInstalled = false
      }
      if !session.isInterrupted { try? engine.start() }
      return
    }
    guard reinstallTapForCurrentRoute(session, on: engine) else { return }
    guard !session.isInterrupted else { return }  // started again when the interruption ends
    engine.prepare()
    do {
      try engine.start()
    } catch {
      Task {
        await abort(
          session,
          phase: .failed(
            message:
              "The microphone could not restart after the audio route changed: \(error.localizedDescription). Start again."
          ))
      }
    }
  }

  /// Stops the engine and reinstalls the tap, with a converter for the hardware's current format;
  /// false (the session is being aborted) when that format cannot be converted.
  private func reinstallTapForCurrentRoute(_ session: Session, on engine: AVAudioEngine) -> Bool {
    guard let pipeline = session.pipeline else { return false }
    engine.stop()
    if session.isTapInstalled && !has(.leavesTapInstalled) {  // Bug zoo: leavesTapInstalled
      engine.inputNode.removeTap(onBus: 0)
      session.isTapInstalled = false
    }
    let format = engine.inputNode.outputFormat(forBus: 0)
    // Bug zoo: the converter made for the old hardware format is kept.
    guard has(.keepsConverterAcrossRouteChange) || pipeline.prepare(for: format) else {
      Task {
        await abort(
          session,
          phase: .failed(
            message: "The new microphone's audio (\(format)) cannot be converted. Start again with another microphone.")
        )
      }
      return false
    }
    installTap(session, on: engine, format: format, pipeline: pipeline)
    return true
  }

  /// An interruption began (the engine has stopped) or ended: resume when the system says so,
  /// otherwise stop and keep the text.
  func interrupted(
    _ type: AVAudioSession.InterruptionType, options: AVAudioSession.InterruptionOptions, generation current: Int
  ) async {
    guard current == generation, case .listening = uiState.phase, let session, let engine else { return }
    switch type {
    case .began:
      // Bug zoo: the recording ends on any interruption, however short.
      if has(.endsRecordingOnInterruption) {
        await finishListening()
        return
      }
      session.isInterrupted = true
      engine.pause()
    case .ended:
      session.isInterrupted = false
      // Bug zoo: the end is not acted on; the engine stays stopped and the phase says listening.
      if has(.ignoresInterruptionEnd) { return }
      guard options.contains(.shouldResume) else {
        await finishListening()
        return
      }
      // The route may have changed during the interruption (or in the same instant it ended, before
      // its configuration change reached `routeChanged`): restarting with the old format's tap
      // would end the app (found by `speech-replay explore`), so the tap follows the hardware first.
      if session.isTapInstalled, session.tapFormat != engine.inputNode.outputFormat(forBus: 0),
        !reinstallTapForCurrentRoute(session, on: engine)
      {
        return
      }
      do {
        try AVAudioSession.sharedInstance().setActive(true)
        engine.prepare()
        try engine.start()
      } catch  where Self.isMediaServicesFailure(error) {
        // The media services were reset in the same instant: the reset's own handler, queued behind
        // this one, makes a new engine and goes on (found by `speech-replay explore`).
        return
      } catch {
        // The analyzer still has everything heard before the interruption: finalize it, so the
        // words on screen are committed, then show the failure (found by `speech-replay explore`:
        // an activation refused at the interruption's end cleared the guess unfinalized).
        await finishListening(
          failing: "The microphone could not resume after an interruption: \(error.localizedDescription). Start again.")
      }
    @unknown default:
      return
    }
  }
}
