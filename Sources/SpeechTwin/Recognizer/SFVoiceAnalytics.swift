import Foundation

/// Voice analytics of an utterance — the twin of Apple's `SFVoiceAnalytics`. The scripted model
/// does not analyse the voice, so the twin never produces one
/// (``SFSpeechRecognitionMetadata/voiceAnalytics`` is nil); the type exists so code that reads
/// it compiles.
public final class SFVoiceAnalytics: Sendable {
  /// Jitter, per frame.
  public let jitter: SFAcousticFeature
  /// Shimmer, per frame.
  public let shimmer: SFAcousticFeature
  /// Pitch, per frame.
  public let pitch: SFAcousticFeature
  /// Voicing, per frame.
  public let voicing: SFAcousticFeature

  package init(
    jitter: SFAcousticFeature, shimmer: SFAcousticFeature, pitch: SFAcousticFeature, voicing: SFAcousticFeature
  ) {
    self.jitter = jitter
    self.shimmer = shimmer
    self.pitch = pitch
    self.voicing = voicing
  }
}

/// One acoustic feature per audio frame — the twin of Apple's `SFAcousticFeature`.
public final class SFAcousticFeature: Sendable {
  /// The value of each frame.
  public let acousticFeatureValuePerFrame: [Double]
  /// The duration of one frame, in seconds.
  public let frameDuration: TimeInterval

  package init(acousticFeatureValuePerFrame: [Double], frameDuration: TimeInterval) {
    self.acousticFeatureValuePerFrame = acousticFeatureValuePerFrame
    self.frameDuration = frameDuration
  }
}
