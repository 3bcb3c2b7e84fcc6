extension SpeechDetector {
  /// How the detector is configured.
  public struct DetectionOptions: Sendable, Equatable, Hashable {
    /// How readily sound counts as speech.
    public let sensitivityLevel: SpeechDetector.SensitivityLevel

    /// Creates options.
    /// - Parameter sensitivityLevel: How readily sound counts as speech.
    public init(sensitivityLevel: SpeechDetector.SensitivityLevel) {
      self.sensitivityLevel = sensitivityLevel
    }
  }
}
