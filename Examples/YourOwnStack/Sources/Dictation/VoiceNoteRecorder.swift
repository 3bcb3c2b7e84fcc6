import SpeechShim

/// The voice-note screen's recorder, written the way most shipping apps write live speech on the
/// legacy recognizer (and the way public apps' plugins do): UI state published with
/// `DispatchQueue.main.async`, the recognizer made with `SFSpeechRecognizer()` for the user's
/// `Locale.current`, the microphone's buffers appended from an `AVAudioEngine` tap to an
/// `SFSpeechAudioBufferRecognitionRequest`, and a silence timer (`DispatchQueue.main.asyncAfter`)
/// that stops the recording when nothing new was heard for ``silenceTimeout``.
@MainActor
public final class VoiceNoteRecorder {
  /// A bug a team shipped, for the tests that make sure the harness catches it; `none` is the app.
  public enum Bug: Sendable {
    /// The app as it should be.
    case none
    /// `endAudio()` left out at the stop (commented out in a public app): the recognition task
    /// never delivers its final result and keeps its resources.
    case neverEndsAudio
    /// The silence timer is not cancelled at the stop: a recording started less than
    /// ``silenceTimeout`` after the last words of the one before is stopped by the old timer.
    case silenceTimerNeverCancelled
    /// A new recognition task at a route change (as the app did before the bundled route-change
    /// scenarios): the old task's final ends a sentence at the change, and the word spoken across
    /// it is in neither task's audio.
    case newTaskAtRouteChange
  }

  /// The text written down: every recognition task's final text, in order.
  public var transcript: String { finals.keys.sorted().compactMap { finals[$0] }.filter { !$0.isEmpty }.joined(separator: " ") }
  /// What is being said now (the current task's partial result), shown greyed after the transcript.
  public private(set) var liveText = ""
  /// Whether the microphone is recording.
  public private(set) var isRecording = false
  /// Set from the record button's tap until the recording starts or fails: the screen shows it
  /// starting (the button disabled) while the system asks the user for permission.
  public private(set) var isStarting = false
  /// Set when the stop button is tapped while the recording starts: the start gives up.
  private var startCancelled = false
  /// Set while the last words are being written down after the stop.
  public private(set) var isFinishing = false
  /// Whether the record button is shown: false once the phone's language turned out to have no
  /// speech recognition.
  public private(set) var canRecord = true
  /// What went wrong, for the screen.
  public private(set) var errorMessage: String?
  /// Called after every change of what the screen shows (the view model's `objectWillChange`).
  public var onChange: (@MainActor () -> Void)?

  /// How long the recording goes on with nothing new heard before it stops itself.
  public let silenceTimeout: TimeInterval = 2
  let bug: Bug
  /// The recording's engine: a new one for every recording and after a media-services reset, which
  /// invalidates every audio object made before it (Apple's guidance).
  private var audioEngine = AVAudioEngine()
  private var recognizer: SFSpeechRecognizer?
  private var recognitionRequest: SFSpeechAudioBufferRecognitionRequest?
  private var recognitionTask: SFSpeechRecognitionTask?
  /// The final text of each recognition task, by its number (a route change starts a new task).
  private var finals: [Int: String] = [:]
  private var taskNumber = 0
  /// Each unfinished task's latest partial result, kept for a task that ends with an error.
  private var lastHeard: [Int: String] = [:]
  /// The task whose partial result ``liveText`` shows.
  private var liveTask = 0
  /// Bumped to cancel the pending silence timer (its block checks it).
  private var silenceTimerNumber = 0
  private let observers = AudioSystemObservers()
  /// The sample rate and channel count of the tap's buffers now.
  private var tapFormat: (Double, UInt32)?
  /// The format the request's audio has: a request takes one format (it ignores any other).
  private var requestFormat: AVAudioFormat?
  /// After a route change, converts the microphone's new format to ``requestFormat``.
  private var routeConverter: BufferConverter?
  /// Set when the route converter failed to give up the audio it held at the end of a request:
  /// those last milliseconds never reached the task.
  private var lostConverterTail = false

  /// Creates the recorder.
  public init(bug: Bug = .none) { self.bug = bug }

  /// A screen closed while its recording started (the start goes on after the screen let go of the
  /// recorder) or went on: the recording ends with it. Found by `explore` (a dismissal during the
  /// permission prompt): the task, its request released without `endAudio()`, stayed open for good.
  isolated deinit {
    observers.removeAll()
    audioEngine.stop()
    audioEngine.inputNode.removeTap(onBus: 0)
    recognitionTask?.cancel()
  }

  /// The record button: asks for permission, then records in the user's language.
  public func startRecording() async {
    guard !isRecording, !isFinishing, !isStarting else { return }
    // Found by the bundled first-launch scenarios: while the permission prompt was up the screen
    // still offered the record button, as if the tap had done nothing.
    isStarting = true
    startCancelled = false
    onChange?()
    defer {
      isStarting = false
      DispatchQueue.main.async { [weak self] in self?.onChange?() }
    }
    let status = await withCheckedContinuation { continuation in
      SFSpeechRecognizer.requestAuthorization { continuation.resume(returning: $0) }
    }
    // The phone's language: no locale is passed in.
    guard let recognizer = SFSpeechRecognizer() else {
      DispatchQueue.main.async { [weak self] in
        self?.canRecord = false
        self?.onChange?()
      }
      return
    }
    guard status == .authorized, recognizer.isAvailable else {
      publish(error: "Speech recognition is not available right now.")
      return
    }
    guard await AVAudioApplication.requestRecordPermission() else {
      publish(error: "Allow the microphone in Settings to record voice notes.")
      return
    }
    guard !isRecording, !isFinishing else { return }  // a second tap while permission was asked
    guard !startCancelled else { return }  // the stop button, tapped while permission was asked
    self.recognizer = recognizer
    do {
      audioEngine = AVAudioEngine()  // an engine made before a media-services reset cannot start
      try Self.activateAudioSession()
      try startMicrophone()
    } catch {
      endRecognition(cancel: true)
      publish(error: "The microphone could not start.")
      return
    }
    if observers.tokens.isEmpty { observeAudioSystem() }
    isRecording = true
    DispatchQueue.main.async { [weak self] in
      self?.errorMessage = nil
      self?.onChange?()
    }
  }

  /// A new request and task, and the tap in the microphone's current format feeding it.
  private func startMicrophone() throws {
    guard let recognizer else { return }
    let request = SFSpeechAudioBufferRecognitionRequest()
    request.shouldReportPartialResults = true
    request.addsPunctuation = true
    recognitionRequest = request
    taskNumber += 1
    let number = taskNumber
    recognitionTask = recognizer.recognitionTask(with: request) { [weak self] result, error in
      // The handler's values, read here; the screen is updated on the main queue, as apps do.
      let heard = result?.bestTranscription.formattedString
      let isFinal = result?.isFinal == true || error != nil
      let failed = error != nil
      DispatchQueue.main.async {
        self?.recognized(heard, isFinal: isFinal, task: number)
        if failed { self?.recognitionFailed(task: number) }
      }
    }
    requestFormat = audioEngine.inputNode.outputFormat(forBus: 0)
    try startTap(feeding: request)
  }

  /// Installs the tap in the microphone's current format, converting to the request's format when
  /// they differ (after a route change), and starts the engine.
  private func startTap(feeding request: SFSpeechAudioBufferRecognitionRequest) throws {
    let inputNode = audioEngine.inputNode
    let format = inputNode.outputFormat(forBus: 0)
    tapFormat = (format.sampleRate, format.channelCount)
    routeConverter = nil
    if let requestFormat,
      (requestFormat.sampleRate, requestFormat.channelCount) != (format.sampleRate, format.channelCount)
    {
      guard let converter = AVAudioConverter(from: format, to: requestFormat) else {
        throw DictationError("The microphone's new format cannot be converted.")
      }
      converter.downmix = true  // a stereo input: mix both sides, not just the left one
      routeConverter = BufferConverter(converter)
    }
    let block = Self.tap(request, converting: routeConverter) { [weak self] in
      Task { @MainActor in self?.fail("Recording stopped: the microphone's new format could not be converted.") }
    }
    inputNode.installTap(onBus: 0, bufferSize: 1024, format: format, block: block)
    audioEngine.prepare()
    try audioEngine.start()
  }

  /// The tap's block, made outside the main actor: the audio thread calls it. A conversion that
  /// fails ends the recording with a message (`failed`), never a buffer dropped while it says recording.
  nonisolated private static func tap(
    _ request: SFSpeechAudioBufferRecognitionRequest, converting converter: BufferConverter?,
    failed: @escaping @Sendable () -> Void
  ) -> AVAudioNodeTapBlock {
    { buffer, _ in
      guard let converter else { return request.append(buffer) }
      do {
        if let converted = try converter.convert(buffer) { request.append(converted) }
      } catch {
        failed()
      }
    }
  }

  /// The stop button (and the silence timer): stops the microphone and ends the audio; the final
  /// result ends the task.
  public func stopRecording() {
    guard isRecording else {
      // Found by `explore`: a stop tapped during the permission prompt did nothing, and the start
      // went on to record once the user answered.
      if isStarting { startCancelled = true }
      return
    }
    isRecording = false
    stopObservingAudioSystem()
    if bug != .silenceTimerNeverCancelled { silenceTimerNumber += 1 }
    lostConverterTail = false
    isFinishing = endRecognition(cancel: false)
    // Found by `explore` (an 8 kHz microphone, a 16 kHz route, a conversion failing at the stop):
    // the drain's error was swallowed and the recording ended as if all of it had been heard.
    if lostConverterTail { errorMessage = "The end of the recording was lost: its last words may be missing." }
    Self.deactivateAudioSession()
    DispatchQueue.main.async { [weak self] in self?.onChange?() }
  }

  /// Sets the session's category (again after a media-services reset, which resets it) and
  /// activates it.
  private static func activateAudioSession() throws {
    let session = AVAudioSession.sharedInstance()
    try session.setCategory(.record, mode: .measurement, options: .duckOthers)
    try session.setActive(true, options: .notifyOthersOnDeactivation)
  }

  /// Lets other apps' audio resume once the recording is over (Apple's guidance for recording apps).
  private static func deactivateAudioSession() {
    try? AVAudioSession.sharedInstance().setActive(false, options: .notifyOthersOnDeactivation)
  }

  /// Stops the engine and removes the tap; ends the request's audio (or cancels the task). True
  /// when a task is still to deliver its final result.
  @discardableResult
  private func endRecognition(cancel: Bool) -> Bool {
    audioEngine.stop()
    audioEngine.inputNode.removeTap(onBus: 0)
    var tail: AVAudioPCMBuffer?
    do { tail = try routeConverter?.flush() } catch { lostConverterTail = true }
    routeConverter = nil
    defer { recognitionRequest = nil }
    if cancel {
      recognitionTask?.cancel()
      recognitionTask = nil
      return false
    }
    guard let request = recognitionRequest, bug != .neverEndsAudio else { return false }
    if let tail { request.append(tail) }  // the converter's last few milliseconds
    request.endAudio()
    return true
  }

  private func recognized(_ heard: String?, isFinal: Bool, task number: Int) {
    if isFinal {
      // A task that fails sends no final result, only the error: what it last heard is the best
      // text there is, and the user saw it (found by the bundled model-error scenario: the words
      // on screen vanished when the recognizer failed).
      if let text = heard ?? lastHeard[number] { finals[number] = text }
      lastHeard[number] = nil
      // After a route change the old task's last partial may still be on screen: its final
      // replaces it (found by no-stutter in bluetooth-headset-mid-session).
      if liveTask == number { liveText = "" }
      if number == taskNumber {
        liveText = ""
        recognitionTask = nil
        isFinishing = false
        silenceTimerNumber += 1
        // The recognizer ends a task on its own (about a minute of audio): go on in a new one.
        if isRecording, heard != nil { restartRecognition() }
      }
    } else if let heard, number == taskNumber {
      liveText = heard
      liveTask = number
      lastHeard[number] = heard
      if isRecording { restartSilenceTimer() }
    }
    onChange?()
  }

  /// The task ended with an error: a recording still going on cannot be heard any more.
  private func recognitionFailed(task number: Int) {
    guard number == taskNumber, isRecording else { return }
    fail("Transcription stopped. Tap record to try again.")
  }

  /// New words: the user is still speaking; stop when nothing new comes for ``silenceTimeout``.
  private func restartSilenceTimer() {
    silenceTimerNumber += 1
    let number = silenceTimerNumber
    DispatchQueue.main.asyncAfter(deadline: .now() + silenceTimeout) { [weak self] in
      guard let self, number == silenceTimerNumber || bug == .silenceTimerNeverCancelled else { return }
      stopRecording()
    }
  }

  private func publish(error message: String) {
    DispatchQueue.main.async { [weak self] in
      self?.errorMessage = message
      self?.onChange?()
    }
  }

  // MARK: Route changes and interruptions

  private func observeAudioSystem() {
    let center = NotificationCenter.default
    observers.tokens = [
      center.addObserver(forName: .AVAudioEngineConfigurationChange, object: audioEngine, queue: nil) { [weak self] _ in
        DispatchQueue.main.async { self?.microphoneChanged() }
      },
      center.addObserver(forName: AVAudioSession.interruptionNotification, object: nil, queue: nil) { [weak self] note in
        let raw = note.userInfo?[AVAudioSessionInterruptionTypeKey] as? UInt
        let began = raw.flatMap(AVAudioSession.InterruptionType.init(rawValue:)) == .began
        let options = AVAudioSession.InterruptionOptions(rawValue: note.userInfo?[AVAudioSessionInterruptionOptionKey] as? UInt ?? 0)
        let resume = options.contains(.shouldResume)
        DispatchQueue.main.async { self?.interrupted(began: began, shouldResume: resume) }
      },
      center.addObserver(forName: AVAudioSession.mediaServicesWereResetNotification, object: nil, queue: nil) { [weak self] _ in
        DispatchQueue.main.async { self?.mediaServicesWereReset() }
      },
    ]
  }

  /// The media services were reset: the engine is invalid for good and the session's category is
  /// gone (Apple: make every audio object again and set the category again). Found by the bundled
  /// media-services scenarios: the old engine could not start, and the recording stopped there.
  /// The same request and task go on with a new engine's tap.
  private func mediaServicesWereReset() {
    guard isRecording, let request = recognitionRequest else { return }
    audioEngine.inputNode.removeTap(onBus: 0)
    if let tail = routeConverter?.drain() { request.append(tail) }
    audioEngine = AVAudioEngine()
    // The configuration-change observer watched the old engine.
    stopObservingAudioSystem()
    observeAudioSystem()
    do {
      try Self.activateAudioSession()
      try startTap(feeding: request)
    } catch {
      fail("Recording stopped when the audio system was reset.")
    }
  }

  /// Found by `--check-determinism`: observers left in `NotificationCenter.default` outlive the
  /// screen, and every later interruption runs their blocks (a process's next run saw them).
  private func stopObservingAudioSystem() {
    observers.removeAll()
  }

  /// A headset came or went: the engine stopped. The request takes one format, so the tap's
  /// buffers in the new one are converted to it and the same task goes on. (A new task here would
  /// end a sentence at the change and lose the word spoken across it: found by the bundled
  /// route-change scenarios.)
  private func microphoneChanged() {
    guard bug != .newTaskAtRouteChange else { return restartRecognition() }
    guard isRecording, let request = recognitionRequest else { return }
    audioEngine.stop()
    audioEngine.inputNode.removeTap(onBus: 0)
    if let tail = routeConverter?.drain() { request.append(tail) }
    do { try startTap(feeding: request) } catch { fail("Recording stopped when the microphone changed.") }
  }

  /// The task ended on its own while recording: the audio's end for it, and a new task goes on.
  private func restartRecognition() {
    guard isRecording else { return }
    endRecognition(cancel: false)
    do { try startMicrophone() } catch { fail("Recording stopped.") }
  }

  private func interrupted(began: Bool, shouldResume: Bool) {
    guard isRecording, !began else { return }  // at the start the system stopped the engine
    guard shouldResume else {
      stopRecording()
      return
    }
    do {
      try AVAudioSession.sharedInstance().setActive(true)
    } catch {
      fail("Recording stopped after the interruption.")
      return
    }
    // The route may have changed during the interruption: a new task for a new format.
    let format = audioEngine.inputNode.outputFormat(forBus: 0)
    guard let tapFormat, tapFormat == (format.sampleRate, format.channelCount) else {
      microphoneChanged()
      return
    }
    do {
      try audioEngine.start()
    } catch where (error as NSError).code == AVAudioSession.ErrorCode.mediaServicesFailed.rawValue {
      // The media services were reset as the interruption ended: the reset's own handler, queued
      // behind this one, makes the new engine (found by the bundled scenario of the same name).
    } catch {
      fail("Recording stopped after the interruption.")
    }
  }

  private func fail(_ message: String) {
    isRecording = false
    stopObservingAudioSystem()
    silenceTimerNumber += 1
    isFinishing = recognitionTask != nil && endRecognition(cancel: false)
    if !isFinishing { endRecognition(cancel: true) }
    Self.deactivateAudioSession()
    publish(error: message)
  }
}

/// The recorder's `NotificationCenter` observers, removed when it stops or goes away (a screen
/// closed while recording), so no later interruption runs their blocks.
final class AudioSystemObservers: @unchecked Sendable {
  /// The observers' tokens; touched on the main actor, and in the recorder's deinit.
  var tokens: [any NSObjectProtocol] = []

  func removeAll() {
    for token in tokens { NotificationCenter.default.removeObserver(token) }
    tokens = []
  }
}
