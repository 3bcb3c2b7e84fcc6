import SpeechShim

extension LiveTranscriber {
  /// The resources of one start-to-stop session, released by `tearDown`.
  @MainActor final class Session {
    /// The start that made the session.
    let generation: Int
    /// The analyzer, once made.
    var analyzer: SpeechAnalyzer?
    /// Converter and bounded queue, once the analyzer format is known.
    var pipeline: (any InputPipeline)?
    /// The task that reads the transcriber's results into the UI state.
    var resultsTask: Task<Void, Never>?
    /// Whether the microphone tap is installed.
    var isTapInstalled = false
    /// The format the installed tap was installed with (the hardware format at the time).
    var tapFormat: AVAudioFormat?
    /// Whether an audio-session interruption is under way.
    var isInterrupted = false
    /// Notification registrations to remove at the end.
    var observers: [any NSObjectProtocol] = []

    init(generation: Int) { self.generation = generation }
  }

  /// Which transcriber can run, or why none can.
  enum Availability: Sendable, Hashable {
    /// `SpeechTranscriber` for this supported locale.
    case speech(Locale)
    /// `DictationTranscriber` (the fallback) for this supported locale.
    case dictation(Locale)
    /// Neither; the reason is shown to the user.
    case unavailable(String)
  }

  /// How waiting for a model download ended.
  enum DownloadOutcome: Sendable {
    /// The model is installed.
    case installed
    /// The download failed.
    case failed(String)
    /// `stop()` stopped the waiting.
    case cancelled
  }
}
