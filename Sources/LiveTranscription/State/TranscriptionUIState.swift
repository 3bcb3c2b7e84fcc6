/// What the user of a live-transcription screen sees: the committed and volatile text, the phase
/// of the transcriber and whether the microphone control is offered.
///
/// This is the stack's own state, as an app's view model would hold it. It is not the harness's
/// golden format: golden files hold SpeechReplay's `UIState.rendered`, and module
/// `ReferenceSubjects` (`UIState(_:)`) is the only bridge between the two. ``description`` renders
/// it for logs and this module's tests, one field per line in a fixed order:
///
/// ```
/// phase: listening
/// committed: "The quick brown fox."
/// volatile: "jumps over"
/// microphone: offered
/// ```
public struct TranscriptionUIState: Sendable, Hashable, CustomStringConvertible {
  /// Finalized text, only ever appended to.
  public var committedText: String
  /// The live guess for the audio after the committed text; replaced by every volatile result.
  public var volatileText: String
  /// What the transcriber is doing.
  public var phase: Phase
  /// Whether the app should show the control that starts transcription.
  public var isMicrophoneOffered: Bool

  /// Creates a state.
  /// - Parameters:
  ///   - committedText: Finalized text.
  ///   - volatileText: The live guess.
  ///   - phase: What the transcriber is doing.
  ///   - isMicrophoneOffered: Whether the start control is shown.
  public init(
    committedText: String = "", volatileText: String = "", phase: Phase = .idle, isMicrophoneOffered: Bool = false
  ) {
    self.committedText = committedText
    self.volatileText = volatileText
    self.phase = phase
    self.isMicrophoneOffered = isMicrophoneOffered
  }

  /// The state as four lines (`phase`, `committed`, `volatile`, `microphone`), without a final newline.
  public var description: String {
    [
      "phase: \(phase)",
      "committed: \(Self.quoted(committedText))",
      "volatile: \(Self.quoted(volatileText))",
      "microphone: \(isMicrophoneOffered ? "offered" : "hidden")",
    ].joined(separator: "\n")
  }

  /// `text` in double quotes with backslash, quote and control characters escaped, so each field
  /// stays on one line whatever the model said.
  static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": result += "\\\\"
      case "\"": result += "\\\""
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F:
        result += "\\u{\(String(scalar.value, radix: 16))}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}
