/// The state of a recognition task — the twin of Apple's `SFSpeechRecognitionTaskState`.
public enum SFSpeechRecognitionTaskState: Int, Sendable, Hashable {
  /// Speech processing (potentially including recording) has not yet begun.
  case starting = 0
  /// Speech processing (potentially including recording) is running.
  case running = 1
  /// No more audio is being recorded, but more recognition results may arrive.
  case finishing = 2
  /// No more recognition results will arrive, but recording may not have stopped yet.
  case canceling = 3
  /// No more results will arrive, and recording is stopped.
  case completed = 4
}
