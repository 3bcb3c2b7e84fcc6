/// What the user sees of a live-transcription feature: committed and volatile text, the phase and
/// whether the microphone control is offered. Every subject reports its state in this form, and
/// ``rendered`` is the golden-file format (`expect.golden`); a stack's own state type (such as the
/// reference stack's `TranscriptionUIState`) is converted by its subject adapter.
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
    /// Transcription cannot work here (unsupported locale, no transcriber); the reason when the stack gives one.
    case unavailable(String?)
    /// Something went wrong; the message is what the user reads.
    case failed(String)

    /// Stable text: `idle`, `preparing 40%`, `preparing`, `listening`, `stopping`, `unavailable: reason`, `failed: message`.
    public var description: String {
      switch self {
      case .idle: "idle"
      case .preparing(let progress?):
        // never shows 100% early
        "preparing \(Int((min(max(progress.isFinite ? progress : 0, 0), 1) * 100).rounded(.down)))%"
      case .preparing(nil): "preparing"
      case .listening: "listening"
      case .stopping: "stopping"
      case .unavailable(let reason?): "unavailable: \(reason)"
      case .unavailable(nil): "unavailable"
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

  /// Stable multi-line text, one field per line in a fixed order, for golden snapshots and
  /// `explain`; texts are quoted with `\\`, `"`, line breaks and tabs escaped (line breaks in the
  /// phase's message too), so there are always exactly four lines:
  /// ```
  /// phase: listening
  /// microphone: offered
  /// committed: "Hello world."
  /// volatile: ""
  /// ```
  public var rendered: String {
    "phase: \(phase.description.replacingOccurrences(of: "\r", with: "\\r").replacingOccurrences(of: "\n", with: "\\n"))\nmicrophone: \(microphoneOffered ? "offered" : "hidden")\ncommitted: \(Self.quote(committed))\nvolatile: \(Self.quote(volatile))\n"
  }

  /// One line: `listening, mic offered, committed "…", volatile "…"`.
  public var description: String {
    "\(phase), mic \(microphoneOffered ? "offered" : "hidden"), committed \(Self.quote(committed)), volatile \(Self.quote(volatile))"
  }

  /// Quoted on one line: `\\`, `"`, line breaks and tabs escaped, so a golden file has one line per field.
  private static func quote(_ text: String) -> String {
    var quoted = "\""
    for character in text {
      switch character {
      case "\\": quoted += "\\\\"
      case "\"": quoted += "\\\""
      case "\n": quoted += "\\n"
      case "\r\n": quoted += "\\r\\n"
      case "\r": quoted += "\\r"
      case "\t": quoted += "\\t"
      default: quoted.append(character)
      }
    }
    return quoted + "\""
  }
}
