/// The type of task for which speech recognition is used — the twin of Apple's
/// `SFSpeechRecognitionTaskHint`. The twin records it in the trace; a scripted model's text does
/// not depend on it.
public enum SFSpeechRecognitionTaskHint: Int, Sendable, Hashable {
  /// An unspecified type of task.
  case unspecified = 0
  /// General dictation, keyboard style.
  case dictation = 1
  /// Search-style requests.
  case search = 2
  /// Short, confirmation-style requests ("Yes", "No", "Maybe").
  case confirmation = 3
}
