import SpeechShim

/// One recording: the microphone tap, the converter to the analyzer's format, the analyzer and the
/// task that reads its results. Made by `DictationModel` for each start, thrown away after.
@MainActor
final class Recording {
  /// What the recording tells the model.
  enum Event {
    /// Text from the transcriber: a live guess or settled words.
    case result(String, isFinal: Bool)
    /// The recording cannot go on; the message is for the user.
    case failed(String)
    /// An interruption ended and the system says not to resume.
    case interruptedForGood
  }

  private let module: any SpeechModule
  private let analyzer: SpeechAnalyzer
  private let analyzerFormat: AVAudioFormat
  /// Made again after a media-services reset, which invalidates every audio object made before.
  private var engine = AVAudioEngine()
  private let input: AsyncStream<AnalyzerInput>
  private let inputContinuation: AsyncStream<AnalyzerInput>.Continuation
  private let onEvent: @MainActor (Event) -> Void
  /// What waits for the analyzer (read by the model's `inputQueue`).
  let inputQueue: InputQueueCounter
  private var resultsTask: Task<Void, Never>?
  private var observers: [any NSObjectProtocol] = []
  /// The tap's converter, kept to drain it at the stop.
  private var converter: (any TapConverter)?
  /// Takes the 26 SDK's input path even where the 27 one is available (for testing it on Linux).
  private let usesSDK26Input: Bool
  /// Set when the recording is finishing or cancelled: a route change or interruption handled
  /// after that (its notification was already on its way) must not start the microphone again.
  private var isEnding = false
  /// Whether a conversion failure was reported (the recording fails once).
  private var hasFailedConversion = false
  /// Between an interruption's start and its end: the session cannot be activated, nor the engine started.
  private var isInterrupted = false
  /// Whether this recording activated the audio session and has not deactivated it yet.
  private var holdsSession = false

  init(
    module: any SpeechModule, analyzerFormat: AVAudioFormat, maxQueuedBuffers: Int, usesSDK26Input: Bool = false,
    onEvent: @escaping @MainActor (Event) -> Void
  ) throws {
    self.module = module
    self.usesSDK26Input = usesSDK26Input
    self.analyzerFormat = analyzerFormat
    self.onEvent = onEvent
    analyzer = SpeechAnalyzer(modules: [module])
    inputQueue = InputQueueCounter(limit: maxQueuedBuffers)
    // Drop the oldest audio rather than grow without bound when the model falls behind.
    (input, inputContinuation) = AsyncStream.makeStream(of: AnalyzerInput.self, bufferingPolicy: .bufferingNewest(maxQueuedBuffers))
  }

  /// Reads results, starts the analyzer, then the microphone.
  func begin() async throws {
    resultsTask = readResults()
    let session = AVAudioSession.sharedInstance()
    try session.setCategory(.record, mode: .measurement, options: [])
    try session.setActive(true)
    holdsSession = true
    try await analyzer.start(inputSequence: input)
    try startMicrophone()
    observeAudioSystem()
  }

  /// Stops the microphone, lets the analyzer finish what it heard, and waits for the last results.
  /// - Returns: The failure to show when the converter could not give up the last milliseconds it
  ///   held (they are lost, and the screen must say so); nil when the analyzer got all the audio.
  func finish() async -> String? {
    isEnding = true
    stopMicrophone()
    var lostEnd: String?
    do {
      try drainConverter()
    } catch {
      // The converter failed on its last few milliseconds: they are lost, but the words heard
      // before them are still written down (failing here would cancel the analyzer's finish), and
      // the failure is shown after (found by exploring `dictation-fixed`: swallowed, 14 ms vanished).
      lostEnd = "The end of the recording couldn't be converted (\(error.localizedDescription)). Tap record to go on."
    }
    inputContinuation.finish()
    do {
      try await analyzer.finalizeAndFinishThroughEndOfInput()
    } catch {
      await analyzer.cancelAndFinishNow()
    }
    await resultsTask?.value
    releaseSession()
    return lostEnd
  }

  /// Stops everything at once (a failure, or a stop while starting).
  func cancel() async {
    isEnding = true
    stopMicrophone()
    inputContinuation.finish()
    await analyzer.cancelAndFinishNow()
    resultsTask?.cancel()
    await resultsTask?.value
    releaseSession()
  }

  /// A recording let go of without a stop: its screen was dismissed while it recorded, or while its
  /// start still waited for the permission prompt or the model and went on to record after (found by
  /// `dictation-replay explore`, seed 8: the session stayed active, so other apps' audio never resumed).
  isolated deinit {
    guard holdsSession else { return }
    stopMicrophone()
    releaseSession()
  }

  /// Deactivates the session this recording activated, so other apps' audio resumes.
  private func releaseSession() {
    guard holdsSession else { return }
    holdsSession = false
    try? AVAudioSession.sharedInstance().setActive(false, options: .notifyOthersOnDeactivation)
  }

  // MARK: Microphone

  private func startMicrophone() throws {
    try installTap()
    engine.prepare()
    try engine.start()
  }

  /// Installs the tap, with a new converter from the hardware's format, on the current engine.
  private func installTap() throws {
    let inputNode = engine.inputNode
    let hardwareFormat = inputNode.outputFormat(forBus: 0)
    if #available(iOS 27, macOS 27, *), !usesSDK26Input {
      // The 27 SDK: Speech converts, and the tap hands out read-only, Sendable buffers.
      let analyzerConverter = AnalyzerConverter(from: hardwareFormat, to: analyzerFormat)
      converter = analyzerConverter
      try inputNode.installAudioTap(
        onBus: 0, bufferSize: 4096, format: hardwareFormat,
        tapProvider: Self.tapProvider(
          converter: analyzerConverter, into: inputContinuation, counting: inputQueue, onFailure: conversionFailure()))
    } else {
      guard let avConverter = AVAudioConverter(from: hardwareFormat, to: analyzerFormat) else {
        throw DictationError("the microphone's audio (\(hardwareFormat)) cannot be converted for transcription")
      }
      avConverter.downmix = true  // a stereo microphone: mix both sides, not just the left one
      let bufferConverter = BufferConverter(avConverter)
      converter = bufferConverter
      inputNode.installTap(
        onBus: 0, bufferSize: 4096, format: hardwareFormat,
        block: Self.tapBlock(
          converter: bufferConverter, into: inputContinuation, counting: inputQueue, onFailure: conversionFailure()))
    }
  }

  /// Sends what the converter still holds — the newest few milliseconds, which end the last word —
  /// to the analyzer, and lets the converter go (after the tap is removed): `.endOfStream` on the
  /// 26 SDK's converter, `flush()` on the 27 SDK's.
  /// - Throws: The converter's error: what it held is lost.
  private func drainConverter() throws {
    defer { converter = nil }
    for tail in try converter?.drainedInputs() ?? [] { inputQueue.record(inputContinuation.yield(tail)) }
  }

  private func stopMicrophone() {
    engine.stop()
    engine.inputNode.removeTap(onBus: 0)
    for observer in observers { NotificationCenter.default.removeObserver(observer) }
    observers = []
  }

  /// The tap block runs on the audio thread: made outside the main actor, so Swift does not treat
  /// it as main-actor code (it would trap there), and holding no reference to the recording.
  private nonisolated static func tapBlock(
    converter: any TapConverter, into continuation: AsyncStream<AnalyzerInput>.Continuation, counting counter: InputQueueCounter,
    onFailure: @escaping @Sendable (String) -> Void
  ) -> AVAudioNodeTapBlock {
    { buffer, time in
      do {
        for input in try converter.inputs(for: buffer, at: time) { counter.record(continuation.yield(input)) }
      } catch {
        onFailure(error.localizedDescription)
      }
    }
  }

  /// The 27 tap's provider: its buffer is read-only, so it is copied for the converter.
  @available(iOS 27, macOS 27, *)
  private nonisolated static func tapProvider(
    converter: any TapConverter, into continuation: AsyncStream<AnalyzerInput>.Continuation, counting counter: InputQueueCounter,
    onFailure: @escaping @Sendable (String) -> Void
  ) -> @Sendable (AVReadOnlyAudioPCMBuffer, AVAudioTime) -> Void {
    { buffer, time in
      do {
        for input in try converter.inputs(for: AVAudioPCMBuffer(copying: buffer), at: time) {
          counter.record(continuation.yield(input))
        }
      } catch {
        onFailure(error.localizedDescription)
      }
    }
  }

  /// Drains the converter mid-recording (a route change, a reset); false when it failed, after
  /// failing the recording: the audio it held is lost, and the screen must not go on listening.
  private func drainConverterOrFail() -> Bool {
    do {
      try drainConverter()
      return true
    } catch {
      hasFailedConversion = true
      onEvent(.failed("The microphone's audio couldn't be converted (\(error.localizedDescription)). Tap record to go on."))
      return false
    }
  }

  /// What the tap calls when a buffer cannot be converted (from the audio thread): the recording
  /// fails with a message, once, instead of going on with a gap in what the analyzer hears.
  private func conversionFailure() -> @Sendable (String) -> Void {
    { [weak self] message in
      Task { @MainActor in
        guard let self, !self.isEnding, !self.hasFailedConversion else { return }
        self.hasFailedConversion = true
        self.onEvent(.failed("The microphone's audio couldn't be converted (\(message)). Tap record to go on."))
      }
    }
  }


  // MARK: Route changes and interruptions

  private func observeAudioSystem() {
    observers = Self.observe(engine: engine) { [weak self] event in
      Task { @MainActor in self?.audioSystemChanged(event) }
    }
  }

  private enum AudioSystemEvent: Sendable {
    case configurationChanged, interruptionBegan, interruptionEnded(shouldResume: Bool), mediaServicesReset
  }

  private nonisolated static func observe(engine: AVAudioEngine, _ handler: @escaping @Sendable (AudioSystemEvent) -> Void) -> [any NSObjectProtocol] {
    let center = NotificationCenter.default
    return [
      center.addObserver(forName: .AVAudioEngineConfigurationChange, object: engine, queue: nil) { _ in handler(.configurationChanged) },
      center.addObserver(forName: AVAudioSession.interruptionNotification, object: nil, queue: nil) { note in
        let type = (note.userInfo?[AVAudioSessionInterruptionTypeKey] as? UInt).flatMap(AVAudioSession.InterruptionType.init(rawValue:))
        if type == .began {
          handler(.interruptionBegan)
        } else {
          let options = AVAudioSession.InterruptionOptions(rawValue: note.userInfo?[AVAudioSessionInterruptionOptionKey] as? UInt ?? 0)
          handler(.interruptionEnded(shouldResume: options.contains(.shouldResume)))
        }
      },
      center.addObserver(forName: AVAudioSession.mediaServicesWereResetNotification, object: nil, queue: nil) { _ in
        handler(.mediaServicesReset)
      },
    ]
  }

  private func audioSystemChanged(_ event: AudioSystemEvent) {
    // Found by exploring the bundled suite: an interruption that ended without resuming stopped the
    // recording while a route change's notification was queued, and its handler started the
    // microphone again after the stop (a running engine and tap left behind).
    guard !isEnding else { return }
    switch event {
    case .configurationChanged:
      // The hardware format changed (a headset): the engine stopped; the tap's format is stale.
      engine.inputNode.removeTap(onBus: 0)
      // The old format's converter holds the last milliseconds before the change; if it fails to
      // give them up, the recording fails as for any conversion error rather than go on with a gap.
      guard drainConverterOrFail() else { return }
      do { try startMicrophone() } catch { onEvent(.failed("Dictation stopped when the microphone changed. Tap record to go on.")) }
    case .interruptionBegan:
      isInterrupted = true  // the system stopped the engine
    case .interruptionEnded(let shouldResume):
      isInterrupted = false
      guard shouldResume else {
        onEvent(.interruptedForGood)
        return
      }
      do {
        try AVAudioSession.sharedInstance().setActive(true)
        // The route may have changed during the interruption (its configuration change can arrive
        // after this): a tap left in the old format would end the app when the engine starts.
        if let converter, converter.inputFormat != engine.inputNode.outputFormat(forBus: 0) {
          audioSystemChanged(.configurationChanged)
          return
        }
        try engine.start()
      } catch where (error as NSError).code == AVAudioSession.ErrorCode.mediaServicesFailed.rawValue {
        // The media services were reset as the interruption ended: this engine is invalid, and the
        // reset's own notification, handled next, makes a new one and starts it.
        return
      } catch {
        onEvent(.failed("Dictation couldn't go on after the interruption. Tap record to go on."))
      }
    case .mediaServicesReset:
      mediaServicesWereReset()
    }
  }

  /// The media server restarted: every audio object made before is invalid and the session's
  /// category is back to the default (Apple: make new objects and set the category again). A new
  /// engine and tap take over; the analyzer and what it heard go on. During an interruption the
  /// engine waits for its end, which activates the session and starts it.
  private func mediaServicesWereReset() {
    engine.inputNode.removeTap(onBus: 0)  // the old engine never calls it again
    guard drainConverterOrFail() else { return }
    for observer in observers { NotificationCenter.default.removeObserver(observer) }
    engine = AVAudioEngine()
    do {
      let session = AVAudioSession.sharedInstance()
      try session.setCategory(.record, mode: .measurement, options: [])
      try installTap()
      observeAudioSystem()
      guard !isInterrupted else { return }
      try session.setActive(true)
      engine.prepare()
      try engine.start()
    } catch {
      onEvent(.failed("Dictation stopped when the audio system restarted. Tap record to go on."))
    }
  }

  // MARK: Results

  private func readResults() -> Task<Void, Never> {
    let onEvent = self.onEvent
    switch module {
    case let transcriber as SpeechTranscriber:
      return Task {
        do {
          for try await result in transcriber.results { onEvent(.result(String(result.text.characters), isFinal: result.isFinal)) }
        } catch {
          if !(error is CancellationError) { onEvent(.failed("Transcription stopped: \(error.localizedDescription)")) }
        }
      }
    case let transcriber as DictationTranscriber:
      return Task {
        do {
          for try await result in transcriber.results { onEvent(.result(String(result.text.characters), isFinal: result.isFinal)) }
        } catch {
          if !(error is CancellationError) { onEvent(.failed("Transcription stopped: \(error.localizedDescription)")) }
        }
      }
    default:
      return Task {}
    }
  }
}
