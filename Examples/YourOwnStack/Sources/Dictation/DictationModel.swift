import SpeechShim

/// The dictation screen's model, as our app ships it: the text the screen shows, its status, and
/// the record button's two actions. Written against Apple's Speech and AVFAudio (through
/// `SpeechShim`, which is Apple's frameworks on iOS).
@MainActor
public final class DictationModel {
  /// What the screen says beside the record button.
  public enum Status: Equatable, Sendable {
    /// Ready to record.
    case ready
    /// Getting the speech model (first use of a language); the fraction done when known.
    case downloadingModel(Double?)
    /// Recording and transcribing.
    case listening
    /// Writing down the last words after the user tapped stop.
    case finishing
    /// Something went wrong; the text tells the user what to do.
    case failed(String)
    /// Dictation cannot work on this device or in this language.
    case unavailable(String)
  }

  /// Settings of the feature.
  public struct Options: Sendable {
    /// The language to transcribe.
    public var locale: Locale
    /// Release 1.0 asked `SpeechAnalyzer` for its audio format before making sure the language's
    /// model was installed, and got nil on a first run (the model was just downloaded, yet the
    /// first recording failed). Release 1.1 asks after. False reproduces 1.0.
    public var asksFormatAfterModel: Bool
    /// The most converted buffers waiting for the analyzer; the oldest are dropped beyond it, so a
    /// slow model cannot grow memory without bound.
    public var maxQueuedBuffers: Int
    /// Where `SpeechTranscriber` is unavailable (older devices), use `DictationTranscriber`; false
    /// shows dictation as unavailable there (the app's first release for new devices only).
    public var fallsBackToDictation: Bool
    /// Take the 26 SDK's microphone path (`installTap` and the app's own `AVAudioConverter`) even
    /// where `#available(iOS 27, macOS 27, *)` offers the 27 one — always, on Linux — so tests
    /// cover the path iOS 26 devices run. False in the app.
    public var usesSDK26Input = false

    /// Creates options.
    public init(
      locale: Locale, asksFormatAfterModel: Bool = true, maxQueuedBuffers: Int = 16, fallsBackToDictation: Bool = true
    ) {
      self.locale = locale
      self.asksFormatAfterModel = asksFormatAfterModel
      self.maxQueuedBuffers = maxQueuedBuffers
      self.fallsBackToDictation = fallsBackToDictation
    }
  }

  /// Everything the user dictated and the model has settled, across recordings.
  public private(set) var transcript = ""
  /// The model's live guess for what is being said now (replaced, never appended).
  public private(set) var liveGuess = ""
  /// The status line.
  public private(set) var status = Status.ready
  /// Whether the record button is shown (hidden where dictation cannot work).
  public private(set) var canRecord = false
  /// The analyzer input queue of the recording in progress, else of the last one (nil before the
  /// first): the app logs it, tests check its bound. The last recording's counts stay readable
  /// after the stop, since its final buffers (the converter's tail) may be dropped at the stop.
  public var inputQueue: InputQueueCounter.Counts? { (recording?.inputQueue ?? lastInputQueue)?.current }
  /// Called after every change of what the screen shows.
  public var onChange: (@MainActor () -> Void)?

  let options: Options
  /// Counts starts; a stop or a newer start makes an older start give up at its next step.
  private var attempt = 0
  private var isStarting = false
  /// The start in progress, which a stop cancels: its waits for the model end at once instead of
  /// polling on after the screen says ready (found by `explore`: a stop during a download left a
  /// 250 ms poll running).
  private var startTask: Task<Void, Never>?
  private var recording: Recording? {
    didSet { if let oldValue, oldValue !== recording { lastInputQueue = oldValue.inputQueue } }
  }
  /// The queue counter of the recording before the current one (not the recording: it would keep
  /// the analyzer alive).
  private var lastInputQueue: InputQueueCounter?

  /// Creates the model.
  public init(options: Options) { self.options = options }

  // MARK: Record button

  /// The record button: checks the language, permission and model, then records.
  public func startRecording() async {
    guard !isStarting, recording == nil else { return }  // a second tap while starting or recording
    switch status {
    case .ready, .failed: break
    default: return
    }
    attempt += 1
    let attempt = attempt
    isStarting = true
    defer { if attempt == self.attempt { isStarting = false } }
    liveGuess = ""
    if case .failed = status { status = .ready }
    changed()
    let start = Task { await prepareAndRecord(attempt: attempt) }
    startTask = start
    await start.value
  }

  /// The start's steps: the language, the permission, the model, then the recording. Each gives
  /// up once a stop or a newer start changed `attempt`.
  private func prepareAndRecord(attempt: Int) async {
    guard let module = await transcriberModule() else { return }
    guard attempt == self.attempt else { return }
    canRecord = true
    changed()

    let granted = await AVAudioApplication.requestRecordPermission()
    guard attempt == self.attempt else { return }  // stopped while the system's prompt showed
    guard granted else {
      show(.failed("Dictation needs the microphone. Turn on microphone access for this app in Settings."))
      return
    }

    var format: AVAudioFormat?
    if !options.asksFormatAfterModel { format = await SpeechAnalyzer.bestAvailableAudioFormat(compatibleWith: [module]) }
    do {
      try await installModelIfNeeded(for: module, attempt: attempt)
    } catch {
      if attempt == self.attempt { show(.failed("The \(options.locale.identifier) language couldn't be downloaded. Check your connection and try again.")) }
      return
    }
    guard attempt == self.attempt else { return }  // stopped while downloading
    if options.asksFormatAfterModel { format = await SpeechAnalyzer.bestAvailableAudioFormat(compatibleWith: [module]) }
    guard let format else {
      show(.failed("Dictation couldn't start. Please try again."))
      return
    }

    do {
      let recording = try Recording(
        module: module, analyzerFormat: format, maxQueuedBuffers: options.maxQueuedBuffers,
        usesSDK26Input: options.usesSDK26Input
      ) { [weak self] event in
        self?.handle(event)
      }
      self.recording = recording
      try await recording.begin()
      guard attempt == self.attempt, self.recording === recording else { return }
      show(.listening)
    } catch {
      await recording?.cancel()
      recording = nil
      if attempt == self.attempt { show(.failed("Dictation couldn't start: \(error.localizedDescription)")) }
    }
  }

  /// The stop button: keeps every word said so far.
  public func stopRecording() async {
    if isStarting {
      // Stop while preparing: give up the start (a model download goes on in the system).
      attempt += 1
      isStarting = false
      startTask?.cancel()
      startTask = nil
      await recording?.cancel()
      recording = nil
      show(.ready)
      return
    }
    guard let recording, status == .listening else { return }
    show(.finishing)
    let lostEnd = await recording.finish()
    // The model failed while finishing: `handle` showed the failure, with the words not yet
    // written down still on screen. Saying ready would pretend they were kept.
    guard case .finishing = status, self.recording === recording else { return }
    self.recording = nil
    liveGuess = ""
    // The converter lost the recording's last milliseconds: the words are kept, the loss is shown.
    show(lostEnd.map(Status.failed) ?? .ready)
  }

  // MARK: Steps of a start

  private func transcriberModule() async -> (any SpeechModule)? {
    if SpeechTranscriber.isAvailable {
      if let locale = await SpeechTranscriber.supportedLocale(equivalentTo: options.locale) {
        return SpeechTranscriber(locale: locale, preset: .progressiveTranscription)
      }
    } else if options.fallsBackToDictation,
      let locale = await DictationTranscriber.supportedLocale(equivalentTo: options.locale) {
      // Older devices: Apple's fallback, same languages as on-device SFSpeechRecognizer.
      return DictationTranscriber(locale: locale, preset: .progressiveShortDictation)
    }
    canRecord = false
    show(.unavailable("Dictation isn't available in \(options.locale.identifier) on this device."))
    return nil
  }

  private func installModelIfNeeded(for module: any SpeechModule, attempt: Int) async throws {
    guard let request = try await AssetInventory.assetInstallationRequest(supporting: [module]) else { return }
    show(.downloadingModel(request.progress.fractionCompleted))
    let progress = Task { [weak self] in
      while !Task.isCancelled {
        try? await Task.sleep(for: .milliseconds(250))
        guard let self, attempt == self.attempt, case .downloadingModel(let shown) = self.status else { return }
        let done = request.progress.fractionCompleted
        if done > (shown ?? 0) { self.show(.downloadingModel(min(done, 1))) }
      }
    }
    defer { progress.cancel() }
    try await request.downloadAndInstall()
    // The system may queue the request and return while the model still downloads (fastrepl/anarlog#7006):
    // it is ready only once its status says installed.
    while await AssetInventory.status(forModules: [module]) == .downloading {
      try await Task.sleep(for: .milliseconds(250))
      guard attempt == self.attempt else { return }
    }
  }

  // MARK: Results and events

  private func handle(_ event: Recording.Event) {
    switch event {
    case .result(let text, let isFinal):
      if isFinal {
        append(text)
        liveGuess = ""
      } else {
        liveGuess = text.trimmingCharacters(in: .whitespaces)
      }
      changed()
    case .failed(let message):
      guard let recording else { return }
      self.recording = nil
      Task { await recording.cancel() }
      // The live guess stays under the failure: those words were heard but never settled, and
      // the user can still read (and copy) them.
      show(.failed(message))
    case .interruptedForGood:
      Task { await stopRecording() }
    }
  }

  /// Adds settled words to the transcript with one space between sentences.
  private func append(_ text: String) {
    let words = text.trimmingCharacters(in: .whitespaces)
    guard !words.isEmpty else { return }
    transcript += transcript.isEmpty || transcript.hasSuffix(" ") ? words : " " + words
  }

  private func show(_ newStatus: Status) {
    status = newStatus
    changed()
  }

  private func changed() { onChange?() }
}
