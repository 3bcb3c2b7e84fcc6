import Foundation

/// Facts about the speech of a final result — the twin of Apple's `SFSpeechRecognitionMetadata`.
/// The twin computes them from the words' audio ranges.
public final class SFSpeechRecognitionMetadata: Sendable {
  /// Words per minute of speech.
  public let speakingRate: Double
  /// The average pause between words, in seconds.
  public let averagePauseDuration: TimeInterval
  /// When the speech starts, in seconds from the start of the audio.
  public let speechStartTimestamp: TimeInterval
  /// How long the speech lasts, in seconds.
  public let speechDuration: TimeInterval
  /// Voice analytics; always nil in the twin (the scripted model does not analyse the voice).
  public let voiceAnalytics: SFVoiceAnalytics?

  package init(
    speakingRate: Double, averagePauseDuration: TimeInterval, speechStartTimestamp: TimeInterval,
    speechDuration: TimeInterval
  ) {
    self.speakingRate = speakingRate
    self.averagePauseDuration = averagePauseDuration
    self.speechStartTimestamp = speechStartTimestamp
    self.speechDuration = speechDuration
    self.voiceAnalytics = nil
  }
}
