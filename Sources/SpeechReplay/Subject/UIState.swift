/// What the user sees of a live-transcription feature: committed and volatile text, the phase and
/// whether the microphone control is offered. Every subject reports its state in this form.
public struct UIState: Sendable, Hashable, Codable, CustomStringConvertible {
  /// What the feature is doing, as the user sees it.
  public enum Phase: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Not listening.
    case idle
    /// Getting ready (a model download); progress 0…1 when known.
    case preparing(progress: Double?)
    /// Listening and transcribing.
    case listening
    /// Finishing the last words after the user tapped stop.
    case stopping
    /// Transcription cannot work here (unsupported locale, no transcriber).
    case unavailable
    /// Something went wrong; the message is what the user reads.
    case failed(String)

    /// Stable text: `idle`, `preparing 40%`, `preparing`, `listening`, `stopping`, `unavailable`, `failed: message`.
    public var description: String {
      switch self {
      case .idle: "idle"
      case .preparing(let progress?): "preparing \(Int((progress * 100).rounded()))%"
      case .preparing(nil): "preparing"
      case .listening: "listening"
      case .stopping: "stopping"
      case .unavailable: "unavailable"
      case .failed(let message): "failed: \(message)"
      }
    }
  }

  /// Final text, appended to and never rewritten.
  public var committed: String
  /// The live guess, replaced by each volatile result and cleared by a final.
  public var volatile: String
  /// What the feature is doing.
  public var phase: Phase
  /// Whether the microphone control is shown.
  public var microphoneOffered: Bool

  /// Creates a state; by default idle, no text, microphone offered.
  public init(committed: String = "", volatile: String = "", phase: Phase = .idle, microphoneOffered: Bool = true) {
    self.committed = committed
    self.volatile = volatile
    self.phase = phase
    self.microphoneOffered = microphoneOffered
  }

  /// Stable multi-line text, one field per line, for snapshots and `explain`:
  /// ```
  /// phase: listening
  /// microphone: offered
  /// committed: "Hello world."
  /// volatile: ""
  /// ```
  public var rendered: String {
    "phase: \(phase)\nmicrophone: \(microphoneOffered ? "offered" : "hidden")\ncommitted: \(Self.quote(committed))\nvolatile: \(Self.quote(volatile))\n"
  }

  /// One line: `listening, mic offered, committed "…", volatile "…"`.
  public var description: String {
    "\(phase), mic \(microphoneOffered ? "offered" : "hidden"), committed \(Self.quote(committed)), volatile \(Self.quote(volatile))"
  }

  private static func quote(_ text: String) -> String {
    "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(of: "\n", with: "\\n") + "\""
  }
}
