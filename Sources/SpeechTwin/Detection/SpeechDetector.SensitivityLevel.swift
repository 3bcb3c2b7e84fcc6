extension SpeechDetector {
  /// How readily the detector treats sound as speech: `low` is more forgiving (more audio counts as
  /// speech), `high` more aggressive (more audio is cut as non-speech). `medium` is recommended.
  public enum SensitivityLevel: Int, CaseIterable, Sendable, Equatable, Hashable {
    /// More forgiving: quieter sound counts as speech and speech is held longer.
    case low = 0
    /// The recommended balance.
    case medium = 1
    /// More aggressive: only clearly louder sound counts as speech and pauses end it sooner.
    case high = 2
  }
}
