import Foundation

/// Receives the events of a recognition task — the twin of Apple's
/// `SFSpeechRecognitionTaskDelegate`. Every method is optional, as in Apple's protocol; the twin
/// calls them on the main actor, in the order Apple documents.
public protocol SFSpeechRecognitionTaskDelegate: NSObjectProtocol {
  /// The task first detected speech in the source audio.
  func speechRecognitionDidDetectSpeech(_ task: SFSpeechRecognitionTask)
  /// A hypothesis, partial or final, for the whole audio so far.
  func speechRecognitionTask(
    _ task: SFSpeechRecognitionTask, didHypothesizeTranscription transcription: SFTranscription)
  /// The final recognition; nothing more about the utterance will be reported.
  func speechRecognitionTask(
    _ task: SFSpeechRecognitionTask, didFinishRecognition recognitionResult: SFSpeechRecognitionResult)
  /// The task no longer accepts audio but may still be finishing its processing.
  func speechRecognitionTaskFinishedReadingAudio(_ task: SFSpeechRecognitionTask)
  /// The task was cancelled by the app, the user or the system.
  func speechRecognitionTaskWasCancelled(_ task: SFSpeechRecognitionTask)
  /// Recognition is over; when `successfully` is false the task's ``SFSpeechRecognitionTask/error`` says why.
  func speechRecognitionTask(_ task: SFSpeechRecognitionTask, didFinishSuccessfully successfully: Bool)
  /// How much audio the task has processed so far (iOS 17).
  func speechRecognitionTask(_ task: SFSpeechRecognitionTask, didProcessAudioDuration duration: TimeInterval)
}

extension SFSpeechRecognitionTaskDelegate {
  /// Does nothing (optional).
  public func speechRecognitionDidDetectSpeech(_ task: SFSpeechRecognitionTask) {}
  /// Does nothing (optional).
  public func speechRecognitionTask(
    _ task: SFSpeechRecognitionTask, didHypothesizeTranscription transcription: SFTranscription
  ) {}
  /// Does nothing (optional).
  public func speechRecognitionTask(
    _ task: SFSpeechRecognitionTask, didFinishRecognition recognitionResult: SFSpeechRecognitionResult
  ) {}
  /// Does nothing (optional).
  public func speechRecognitionTaskFinishedReadingAudio(_ task: SFSpeechRecognitionTask) {}
  /// Does nothing (optional).
  public func speechRecognitionTaskWasCancelled(_ task: SFSpeechRecognitionTask) {}
  /// Does nothing (optional).
  public func speechRecognitionTask(_ task: SFSpeechRecognitionTask, didFinishSuccessfully successfully: Bool) {}
  /// Does nothing (optional).
  public func speechRecognitionTask(_ task: SFSpeechRecognitionTask, didProcessAudioDuration duration: TimeInterval) {}
}
