public import SpeechShim

/// The reference live-transcription stack: microphone → converter → bounded input → SpeechAnalyzer
/// → transcriber results → an observable ``TranscriptionUIState``.
///
/// It is the seeds' `LiveTranscriber` with every trap handled: volatile text replaced and final text
/// appended, audio converted to the analyzer's format after the model is ensured, a first offline
/// run reported with a retry, a stop that finalizes and keeps the last words, bounded input, route
/// changes and interruptions. Documentation/LiveTranscription.md lists each trap and its handling.
///
/// ```swift
/// let transcriber = LiveTranscriber(locale: Locale(identifier: "en-US"))
/// await transcriber.refreshAvailability()   // decides whether the microphone control is offered
/// await transcriber.start()                 // preparing… then listening
/// // … the UI shows transcriber.uiState.committedText + volatileText …
/// await transcriber.stop()                  // the last words land in committedText, then idle
/// ```
@MainActor @Observable
public final class LiveTranscriber {
  /// What the user sees now. Observable; ``onStateChange`` is told of every change too.
  public private(set) var uiState = TranscriptionUIState()

  /// Called with every new UI state, in order, right after ``uiState`` changed (never for an
  /// assignment that changes nothing). For recorders such as a scenario runner's timeline.
  @ObservationIgnored public var onStateChange: (@MainActor (TranscriptionUIState) -> Void)?

  /// The locale asked for; the transcriber uses the supported locale equivalent to it.
  public let locale: Locale
  /// How the stack transcribes.
  public let configuration: Configuration

  /// The resources of the session being prepared, running or stopping.
  @ObservationIgnored var session: Session?
  /// Increases at every start and every cancelled preparation, so late callbacks of an earlier
  /// session change nothing.
  @ObservationIgnored var generation = 0
  /// Statistics of the sessions that have ended.
  @ObservationIgnored var endedSessionsInput = InputStatistics()
  /// The engine, made at the first start and kept (one engine per transcriber).
  @ObservationIgnored package var engine: AVAudioEngine?
  /// Bug zoo (``Fault/givesUpAfterActivationFailure``): set once an activation was refused.
  @ObservationIgnored var microphoneGivenUp = false
  /// The observer of the media services' reset, registered with the engine it invalidates.
  @ObservationIgnored var mediaServicesObserver: (any NSObjectProtocol)?
  /// Told of every result the module publishes (the harness records them into captures).
  @ObservationIgnored package var onSpeechResult: (@MainActor (SpeechTranscriber.Result) -> Void)?
  @ObservationIgnored package var onDictationResult: (@MainActor (DictationTranscriber.Result) -> Void)?
  /// Bug zoo (``Fault/keepsStoppedAnalyzer``): the analyzer of the last failed session, kept unfinished.
  @ObservationIgnored var keptStoppedAnalyzer: SpeechAnalyzer?
  /// The start call waiting for a model download, and the generation it belongs to.
  @ObservationIgnored var downloadWaiter: (generation: Int, continuation: CheckedContinuation<DownloadOutcome, Never>)?
  /// The status polling of a download that returned while still downloading; a stop cancels it.
  @ObservationIgnored var downloadStatusPoll: Task<DownloadOutcome, Never>?

  /// Creates a transcriber; nothing happens until ``refreshAvailability()`` or ``start()``.
  ///
  /// The microphone control is not offered until availability has been checked, so a UI never
  /// shows a control that cannot work.
  /// - Parameters:
  ///   - locale: The language to transcribe.
  ///   - configuration: Options, the input bound and the tap size.
  public init(locale: Locale, configuration: Configuration = Configuration()) {
    self.locale = locale
    self.configuration = configuration
  }

  isolated deinit {
    endSessionOnRelease()
  }

  /// Counts of the audio sent to the analyzer over every session so far, including the current one.
  public var inputStatistics: InputStatistics {
    endedSessionsInput + (session?.pipeline?.queue.statistics ?? InputStatistics())
  }

  /// Starts transcribing: checks availability and record permission, ensures the model (downloading
  /// it with progress if needed), starts the analyzer and its results reader, then the microphone.
  ///
  /// Ignored while a session is preparing, listening or stopping. Problems end in
  /// ``TranscriptionUIState/Phase/unavailable(reason:)`` or ``TranscriptionUIState/Phase/failed(message:)``
  /// rather than an error: the phase is what the user sees.
  public func start() async {
    var isPreparing = false
    if case .preparing = uiState.phase { isPreparing = true }
    // Bug zoo: only a tap while listening is ignored; a tap while preparing starts again.
    guard !uiState.phase.isActive || (isPreparing && has(.startsTwiceWhilePreparing)) else { return }
    // Bug zoo: after one refused activation the microphone is never tried again.
    if microphoneGivenUp { return }
    generation += 1
    let current = generation
    update {
      // Bug zoo: the recording indicator comes on at the tap, before the model and the engine are ready.
      $0.phase = has(.showsListeningBeforeModelReady) ? .listening : .preparing(progress: 0)
      $0.volatileText = ""
    }
    await run(current)
  }

  /// Starts again after a failure (for example once the network is back for the first download).
  ///
  /// Does nothing unless the phase is ``TranscriptionUIState/Phase/failed(message:)``.
  public func retry() async {
    guard case .failed = uiState.phase else { return }
    await start()
  }

  /// Stops transcribing and keeps the last words.
  ///
  /// While listening: phase stopping, the engine stops, the tap is removed, the input is finished,
  /// the analyzer finalizes everything it received and finishes, and the results reader ends — so
  /// the final text of the last words is in ``TranscriptionUIState/committedText`` — then idle.
  /// While preparing (for example during a model download): stops waiting and returns to idle
  /// (the system finishes the download on its own). Otherwise a no-op.
  public func stop() async {
    switch uiState.phase {
    case .preparing:
      await cancelPreparation()
    case .listening:
      await finishListening()
    case .idle, .stopping, .unavailable, .failed:
      return
    }
  }

  /// Checks whether transcription can run for ``locale`` and offers or hides the microphone control.
  ///
  /// `SpeechTranscriber.isAvailable` false (and no dictation fallback) or a locale with no supported
  /// equivalent gives ``TranscriptionUIState/Phase/unavailable(reason:)`` with the control hidden;
  /// otherwise the control is offered and an `unavailable` phase returns to idle. A session under
  /// way or a failure keeps its phase.
  public func refreshAvailability() async {
    let availability = await checkAvailability()
    update { state in
      switch availability {
      case .unavailable(let reason):
        // Bug zoo: the control is offered whether or not a transcriber can run.
        state.isMicrophoneOffered = has(.offersMicrophoneWhenUnavailable)
        if !state.phase.isActive, !state.phase.isFailure { state.phase = .unavailable(reason: reason) }
      case .speech, .dictation:
        state.isMicrophoneOffered = true
        if case .unavailable = state.phase { state.phase = .idle }
      }
    }
  }

  /// Applies `change` to the UI state and tells ``onStateChange`` when it changed.
  func update(_ change: (inout TranscriptionUIState) -> Void) {
    var next = uiState
    change(&next)
    guard next != uiState else { return }
    uiState = next
    onStateChange?(next)
  }
}

extension TranscriptionUIState.Phase {
  /// Whether the phase is a failure.
  var isFailure: Bool {
    if case .failed = self { return true }
    return false
  }
}
