import Foundation

/// A recognized utterance: one or more transcriptions of the task's audio so far — the twin of
/// Apple's `SFSpeechRecognitionResult`.
///
/// As on a device, a task's results are cumulative: each one transcribes everything heard since
/// the task started, so an app shows `bestTranscription.formattedString` as it comes.
public final class SFSpeechRecognitionResult: Sendable, CustomStringConvertible {
  /// The most likely transcription.
  public let bestTranscription: SFTranscription
  /// The transcriptions, most likely first.
  public let transcriptions: [SFTranscription]
  /// True when the hypotheses will not change: the task's last result.
  public let isFinal: Bool
  /// Facts about the speech; only final results carry them (nil on partial results, as on devices).
  public let speechRecognitionMetadata: SFSpeechRecognitionMetadata?

  package init(transcriptions: [SFTranscription], isFinal: Bool, metadata: SFSpeechRecognitionMetadata?) {
    self.transcriptions = transcriptions
    self.bestTranscription = transcriptions[0]
    self.isFinal = isFinal
    self.speechRecognitionMetadata = metadata
  }

  /// `final "The quick brown fox."` or `partial "the quick"`.
  public var description: String { "\(isFinal ? "final" : "partial") \"\(bestTranscription.formattedString)\"" }
}
