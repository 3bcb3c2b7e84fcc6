extension TranscriptionUIState {
  /// What the transcriber is doing, as the user sees it.
  public enum Phase: Sendable, Hashable, CustomStringConvertible {
    /// Not transcribing; the microphone control starts it.
    case idle
    /// Getting ready: checking permission and the model, or downloading the model.
    /// `progress` is the download's fraction completed, 0 to 1 (0 while nothing is downloaded).
    case preparing(progress: Double)
    /// The microphone is on and text appears as the user speaks.
    case listening
    /// Finishing: the last words are being finalized.
    case stopping
    /// Transcription cannot run here (locale not supported, transcriber not available on the device).
    case unavailable(reason: String)
    /// Something went wrong; `message` says what and what the user can do.
    case failed(message: String)

    /// One line: `idle`, `preparing 40%`, `listening`, `stopping`, `unavailable: …`, `failed: …`.
    ///
    /// Progress is shown in whole percent, rounded down, so 0.999 is never shown as done.
    public var description: String {
      switch self {
      case .idle: "idle"
      case .preparing(let progress):
        "preparing \(Int((min(max(progress.isFinite ? progress : 0, 0), 1) * 100).rounded(.down)))%"
      case .listening: "listening"
      case .stopping: "stopping"
      case .unavailable(let reason): "unavailable: \(TranscriptionUIState.quoted(reason))"
      case .failed(let message): "failed: \(TranscriptionUIState.quoted(message))"
      }
    }

    /// Whether a session is under way (preparing, listening or stopping).
    public var isActive: Bool {
      switch self {
      case .preparing, .listening, .stopping: true
      case .idle, .unavailable, .failed: false
      }
    }
  }
}
